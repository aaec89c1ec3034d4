import Foundation
import Testing

@testable import HTTPServer
@testable import LayoutService

/// The static documents (the playground, openapi.yaml, the icon): made and gzipped once,
/// answered from memory with a strong ETag per representation, 304 on a matching
/// `If-None-Match`, and the gzip bytes only to a client that accepts them.
struct StaticDocumentTests {
    /// A page large enough to be worth compressing (well past the server's 1 KiB floor).
    static let page = Array(String(repeating: "<p>a timeline layout playground</p>\n", count: 200).utf8)

    static func document() -> StaticDocument {
        StaticDocument(body: page, contentType: "text/html; charset=utf-8", cacheControl: "no-cache")
    }

    static func get(_ headers: HTTPHeaders = HTTPHeaders()) -> HTTPRequest {
        HTTPRequest(method: .get, target: "/", headers: headers)
    }

    static func inflated(_ body: [UInt8]) -> [UInt8]? {
        guard case .inflated(let bytes) = GzipInflater().inflate(body, limit: 1 << 20) else { return nil }
        return bytes
    }

    /// Without `Accept-Encoding` the identity bytes are sent, tagged with the FNV-1a tag of
    /// those bytes, with `Vary` because another representation exists.
    @Test func identityWithoutAcceptEncoding() {
        let response = Self.document().response(to: Self.get())
        #expect(response.status == .ok)
        #expect(response.body == Self.page)
        #expect(response.headers[.eTag] == ETag.strong(for: Self.page))
        #expect(response.headers[.contentEncoding] == nil)
        #expect(response.headers[.vary] == "Accept-Encoding")
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        #expect(response.headers[.cacheControl] == "no-cache")
    }

    /// A client that accepts gzip gets the bytes compressed at start: they inflate to the
    /// document, are smaller, and carry a strong tag of their own.
    @Test func gzipBytesInflateToTheDocument() throws {
        let document = Self.document()
        let response = document.response(to: Self.get(["Accept-Encoding": "br, gzip;q=0.5"]))
        #expect(response.status == .ok)
        #expect(response.headers[.contentEncoding] == "gzip")
        #expect(response.body.count < Self.page.count)
        #expect(Self.inflated(response.body) == Self.page)
        let tag = try #require(response.headers[.eTag])
        #expect(tag == ETag.strong(for: response.body))
        #expect(tag != ETag.strong(for: Self.page))
        #expect(tag.hasPrefix("\""))
        // The same stored bytes every time: nothing is compressed per request.
        let again = document.response(to: Self.get(["Accept-Encoding": "gzip"]))
        #expect(again.body == response.body)
        #expect(document.gzipBody == response.body)
    }

    /// `gzip;q=0` refuses gzip: the identity bytes.
    @Test func gzipRefusedByQZero() {
        let response = Self.document().response(to: Self.get(["Accept-Encoding": "gzip;q=0"]))
        #expect(response.body == Self.page)
        #expect(response.headers[.contentEncoding] == nil)
    }

    /// `If-None-Match` with the selected representation's tag (or `*`, or in a list) is a 304
    /// without a body that keeps the tag, `Vary` and `Cache-Control`; another tag is a 200.
    @Test func ifNoneMatchGives304() {
        let document = Self.document()
        let identityTag = ETag.strong(for: Self.page)
        let gzipTag = ETag.strong(for: document.gzipBody ?? [])
        let cases: [(HTTPHeaders, String)] = [
            (["If-None-Match": identityTag], identityTag),
            (["If-None-Match": "\"other\", " + identityTag], identityTag),
            (["If-None-Match": "*"], identityTag),
            (["If-None-Match": gzipTag, "Accept-Encoding": "gzip"], gzipTag),
            (["If-None-Match": "W/" + gzipTag, "Accept-Encoding": "gzip"], gzipTag),
        ]
        for (headers, expected) in cases {
            let response = document.response(to: Self.get(headers))
            #expect(response.status == .notModified, "\(headers)")
            #expect(response.body.isEmpty)
            #expect(response.headers[.eTag] == expected)
            #expect(response.headers[.vary] == "Accept-Encoding")
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.headers[.contentEncoding] == nil)
        }
        // The identity tag does not confirm the gzip bytes, nor the gzip tag the identity ones.
        let gzipWithIdentityTag = Self.get(["If-None-Match": identityTag, "Accept-Encoding": "gzip"])
        #expect(document.response(to: gzipWithIdentityTag).status == .ok)
        #expect(document.response(to: Self.get(["If-None-Match": gzipTag])).status == .ok)
    }

    /// A document too small to gain from gzip (the 1 KiB icon) has one representation: no
    /// `Vary`, no gzip even when accepted.
    @Test func smallDocumentHasOneRepresentation() {
        let icon: [UInt8] = [0, 0, 1, 0, 1, 0, 16, 16]
        let document = StaticDocument(body: icon, contentType: "image/x-icon", cacheControl: "public, max-age=300")
        #expect(document.gzipBody == nil)
        let response = document.response(to: Self.get(["Accept-Encoding": "gzip"]))
        #expect(response.body == icon)
        #expect(response.headers[.contentEncoding] == nil)
        #expect(response.headers[.vary] == nil)
        #expect(response.headers[.eTag] == ETag.strong(for: icon))
    }

    /// Through the real server: the playground's gzip answer inflates to the page the
    /// identity answer sends, HEAD sends the same headers and no body, and a revalidation is a 304.
    @Test func playgroundOverHTTP() throws {
        let service = try RunningService()
        let client = try service.client()
        let plain = try client.request("GET", "/")
        #expect(plain.status == 200)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.text.contains("<html"))
        let gzip = try client.request("GET", "/", headers: ["Accept-Encoding": "gzip"])
        #expect(gzip.status == 200)
        #expect(gzip.header("Content-Encoding") == "gzip")
        #expect(Self.inflated(gzip.body) == plain.body)
        let head = try client.request("HEAD", "/", headers: ["Accept-Encoding": "gzip"])
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == String(gzip.body.count))
        #expect(head.header("ETag") == gzip.header("ETag"))
        let tag = try #require(gzip.header("ETag"))
        let revalidated = try client.request("GET", "/", headers: ["Accept-Encoding": "gzip", "If-None-Match": tag])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
        #expect(revalidated.header("ETag") == tag)
        let spec = try client.request("GET", "/openapi.yaml", headers: ["Accept-Encoding": "gzip"])
        #expect(spec.header("Content-Encoding") == "gzip")
        #expect(Self.inflated(spec.body).map { String(decoding: $0, as: UTF8.self).hasPrefix("openapi: 3.1") } == true)
    }
}
