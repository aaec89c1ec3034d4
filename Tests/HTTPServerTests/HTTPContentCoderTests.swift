import Testing

@testable import HTTPServer

/// Which responses get compressed and `Vary`, and how request bodies are decoded.
struct HTTPContentCoderTests {
    static let gzipOnly = ["gzip"]

    /// Request headers with one `Accept-Encoding` field per value.
    static func accepting(_ values: [String]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for value in values { headers.add(.acceptEncoding, value) }
        return headers
    }

    func response(_ type: String?, bytes: Int, status: HTTPStatus = .ok) -> HTTPResponse {
        var headers = HTTPHeaders()
        if let type { headers.add("Content-Type", type) }
        return HTTPResponse(status: status, headers: headers, body: Array(repeating: UInt8(ascii: "a"), count: bytes))
    }

    /// 1024 bytes of JSON are compressed (Content-Encoding gzip, Vary); 1023 bytes only get Vary.
    @Test func thresholdIsOneKiB() {
        let coder = HTTPContentCoder(maxBodyBytes: 1 << 20)
        var large = response("application/json", bytes: 1024)
        coder.encode(&large, requestHeaders: Self.accepting(Self.gzipOnly), isHeadRequest: false)
        #expect(large.headers["Content-Encoding"] == "gzip")
        #expect(large.headers["Vary"] == "Accept-Encoding")
        #expect(GzipInflater().inflate(large.body, limit: 2048) == .inflated(Array(repeating: 97, count: 1024)))
        var small = response("application/json", bytes: 1023)
        coder.encode(&small, requestHeaders: Self.accepting(Self.gzipOnly), isHeadRequest: false)
        #expect(small.headers["Content-Encoding"] == nil)
        #expect(small.headers["Vary"] == "Accept-Encoding")
        #expect(small.body.count == 1023)
    }

    /// Not compressed: a client that did not ask, HEAD, 304, 204, binary types, already encoded bodies.
    @Test func notCompressed() {
        let coder = HTTPContentCoder(maxBodyBytes: 1 << 20)
        let cases: [(HTTPResponse, [String], Bool)] = [
            (response("application/json", bytes: 4096), [], false),
            (response("application/json", bytes: 4096), ["gzip;q=0"], false),
            (response("application/json", bytes: 4096), Self.gzipOnly, true),
            (response("application/json", bytes: 4096, status: .notModified), Self.gzipOnly, false),
            (response("application/octet-stream", bytes: 4096), Self.gzipOnly, false),
            (response("image/png", bytes: 4096), Self.gzipOnly, false),
            (response(nil, bytes: 4096), Self.gzipOnly, false),
        ]
        for (original, accept, isHead) in cases {
            var encoded = original
            coder.encode(&encoded, requestHeaders: Self.accepting(accept), isHeadRequest: isHead)
            #expect(encoded.headers["Content-Encoding"] == nil)
            #expect(encoded.body == original.body)
        }
        var encodedAlready = response("text/plain", bytes: 4096)
        encodedAlready.headers.add("Content-Encoding", "br")
        coder.encode(&encodedAlready, requestHeaders: Self.accepting(Self.gzipOnly), isHeadRequest: false)
        #expect(encodedAlready.headers.values("Content-Encoding") == ["br"])
        #expect(encodedAlready.headers["Vary"] == nil)
    }

    /// YAML, problem+json, text/html are compressible; a strong ETag turns weak; an existing Vary is extended.
    @Test func typesETagAndVary() {
        #expect(HTTPContentCoder.isCompressible("application/yaml"))
        #expect(HTTPContentCoder.isCompressible("application/problem+json"))
        #expect(HTTPContentCoder.isCompressible("text/html; charset=utf-8"))
        #expect(!HTTPContentCoder.isCompressible("application/octet-stream"))
        #expect(HTTPContentCoder.isCompressible(" Application/JSON ; charset=utf-8"))
        #expect(HTTPContentCoder.isCompressible("TEXT/plain"))
        #expect(HTTPContentCoder.isCompressible("image/svg+XML"))
        #expect(!HTTPContentCoder.isCompressible("application/json5"))
        #expect(!HTTPContentCoder.isCompressible("text"))
        #expect(!HTTPContentCoder.isCompressible(""))
        #expect(!HTTPContentCoder.isCompressible(nil))
        var tagged = response("application/json", bytes: 2000)
        tagged.headers.add("ETag", "\"abc\"")
        tagged.headers.add("Vary", "Origin")
        HTTPContentCoder(maxBodyBytes: 1 << 20).encode(
            &tagged, requestHeaders: Self.accepting(Self.gzipOnly), isHeadRequest: false)
        #expect(tagged.headers["ETag"] == "W/\"abc\"")
        #expect(tagged.headers.values("Vary") == ["Origin", "Accept-Encoding"])
    }

    /// One shared response encoded again and again (as `/healthz` is) gets the same headers
    /// each time, one Vary, the shared copy untouched; headers that differ in between are
    /// decided on their own, and a large shared body is still compressed.
    @Test func sharedResponseEncodedRepeatedly() {
        let coder = HTTPContentCoder(maxBodyBytes: 1 << 20)
        let shared = response("application/json", bytes: 15)
        let sharedLarge = response("text/plain", bytes: 4096)
        let binary = response("image/png", bytes: 15)
        for _ in 0..<3 {
            var small = shared
            coder.encode(&small, requestHeaders: Self.accepting(Self.gzipOnly), isHeadRequest: false)
            #expect(small.headers.values("Vary") == ["Accept-Encoding"])
            #expect(small.headers.values("Content-Type") == ["application/json"])
            #expect(small.body.count == 15)
            var noContent = shared
            noContent.status = .noContent
            coder.encode(&noContent, requestHeaders: Self.accepting(Self.gzipOnly), isHeadRequest: false)
            #expect(noContent.headers["Vary"] == nil)
            var again = shared
            coder.encode(&again, requestHeaders: Self.accepting(Self.gzipOnly), isHeadRequest: false)
            #expect(again.headers.values("Vary") == ["Accept-Encoding"])
            var image = binary
            coder.encode(&image, requestHeaders: Self.accepting(Self.gzipOnly), isHeadRequest: false)
            #expect(image.headers["Vary"] == nil)
            var large = sharedLarge
            coder.encode(&large, requestHeaders: Self.accepting(Self.gzipOnly), isHeadRequest: false)
            #expect(large.headers["Content-Encoding"] == "gzip")
            #expect(large.headers.values("Vary") == ["Accept-Encoding"])
            var plain = sharedLarge
            coder.encode(&plain, requestHeaders: Self.accepting([]), isHeadRequest: false)
            #expect(plain.headers["Content-Encoding"] == nil)
            #expect(plain.headers.values("Vary") == ["Accept-Encoding"])
            #expect(plain.body.count == 4096)
        }
        #expect(shared.headers["Vary"] == nil)
        #expect(sharedLarge.headers["Vary"] == nil)
    }

    /// A gzip body is inflated and its Content-Encoding removed; identity is removed; br is left for a 415.
    @Test func decodeRequest() {
        let coder = HTTPContentCoder(maxBodyBytes: 100)
        let body = Array(#"{"statuses":[]}"#.utf8)
        var gzipped = HTTPRequest(
            method: .post, target: "/", headers: ["Content-Encoding": "gzip"], body: GzipDeflater().compress(body) ?? []
        )
        #expect(coder.decode(&gzipped) == nil)
        #expect(gzipped.body == body)
        #expect(!gzipped.headers.contains("Content-Encoding"))
        #expect(gzipped.headers["Content-Length"] == "15")
        var identity = HTTPRequest(method: .post, target: "/", headers: ["Content-Encoding": "identity"], body: body)
        #expect(coder.decode(&identity) == nil)
        #expect(identity.body == body && !identity.headers.contains("Content-Encoding"))
        var brotli = HTTPRequest(method: .post, target: "/", headers: ["Content-Encoding": "br"], body: body)
        #expect(coder.decode(&brotli) == nil)
        #expect(brotli.headers["Content-Encoding"] == "br")
    }

    /// Inflating past the body limit is 413; a corrupt gzip body is 400.
    @Test func decodeRefusals() {
        let coder = HTTPContentCoder(maxBodyBytes: 100)
        let large = GzipDeflater().compress([UInt8](repeating: 32, count: 101)) ?? []
        var tooLarge = HTTPRequest(method: .post, target: "/", headers: ["Content-Encoding": "gzip"], body: large)
        #expect(coder.decode(&tooLarge)?.status == .contentTooLarge)
        var corrupt = HTTPRequest(method: .post, target: "/", headers: ["Content-Encoding": "gzip"], body: [1, 2, 3])
        #expect(coder.decode(&corrupt)?.status == .badRequest)
    }
}
