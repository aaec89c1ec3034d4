import Testing

@testable import HTTPServer

/// zlib round trips, the bounded inflate and `Accept-Encoding` negotiation, without sockets.
struct GzipTests {
    /// 4 KiB of JSON-like text: compressible, over the 1 KiB threshold.
    static let json: [UInt8] = Array(String(repeating: #"{"x":12,"y":240,"width":70,"height":70},"#, count: 100).utf8)

    /// A deflated body starts with the gzip magic (1f 8b 08) and inflates back to the same bytes.
    @Test func roundTrip() {
        let deflater = GzipDeflater()
        let inflater = GzipInflater()
        let compressed = deflater.compress(Self.json)
        #expect(compressed.map { Array($0.prefix(3)) } == [0x1f, 0x8b, 0x08])
        #expect((compressed?.count ?? .max) < Self.json.count / 10)
        #expect(inflater.inflate(compressed ?? [], limit: 1 << 20) == .inflated(Self.json))
    }

    /// The streams are reset, not spent: the second body through the same pair comes back intact too.
    @Test func streamsAreReused() {
        let deflater = GzipDeflater()
        let inflater = GzipInflater()
        for body in [Self.json, Array("short".utf8), [], Self.json.reversed()] {
            #expect(inflater.inflate(deflater.compress(body) ?? [1], limit: 1 << 20) == .inflated(body))
        }
    }

    /// Two gzip members back to back inflate to both bodies (RFC 1952 §2.2).
    @Test func concatenatedMembers() {
        let deflater = GzipDeflater()
        let both = (deflater.compress(Array("one ".utf8)) ?? []) + (deflater.compress(Array("two".utf8)) ?? [])
        #expect(GzipInflater().inflate(both, limit: 100) == .inflated(Array("one two".utf8)))
    }

    /// 64 MiB of zeros (about 64 KiB deflated) against a 1 MiB limit is refused early, not inflated whole:
    /// garbage after the bomb is never reached (inflating it all would end in `.invalid`, not `.tooLarge`).
    @Test func bombIsRefused() {
        let bomb = GzipDeflater().compress([UInt8](repeating: 0, count: 64 << 20)) ?? []
        #expect(bomb.count < 100_000)
        #expect(GzipInflater().inflate(bomb, limit: 1 << 20) == .tooLarge)
        let poisoned = bomb + [UInt8](repeating: 0xFF, count: 64)
        #expect(GzipInflater().inflate(poisoned, limit: 64 << 20) == .invalid)
        #expect(GzipInflater().inflate(poisoned, limit: 1 << 20) == .tooLarge)
    }

    /// The limit is inclusive: exactly 1000 bytes pass a 1000-byte limit, 1001 do not.
    @Test func limitIsInclusive() {
        let deflater = GzipDeflater()
        let inflater = GzipInflater()
        let exact = [UInt8](repeating: 7, count: 1000)
        #expect(inflater.inflate(deflater.compress(exact) ?? [], limit: 1000) == .inflated(exact))
        #expect(inflater.inflate(deflater.compress(exact + [7]) ?? [], limit: 1000) == .tooLarge)
    }

    /// Plain bytes, a zlib (not gzip) stream and a truncated member are invalid.
    @Test func invalidInput() {
        let inflater = GzipInflater()
        let compressed = GzipDeflater().compress(Self.json) ?? []
        #expect(inflater.inflate(Array("not gzip".utf8), limit: 1 << 20) == .invalid)
        #expect(inflater.inflate([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01], limit: 1 << 20) == .invalid)
        #expect(inflater.inflate(Array(compressed.dropLast(9)), limit: 1 << 20) == .invalid)
        #expect(inflater.inflate(compressed, limit: 1 << 20) == .inflated(Self.json))
    }

    /// q-values decide: gzip;q=0 refuses, `*` stands for gzip when gzip is not named, identity alone refuses.
    @Test(arguments: [
        (["gzip"], true), (["gzip, deflate, br"], true), (["GZIP;Q=0.5"], true), (["x-gzip"], true),
        (["gzip;q=0"], false), (["gzip;q=0.000"], false), (["identity"], false), ([], false), ([""], false),
        (["*"], true), (["*;q=0"], false), (["gzip;q=0, *"], false), (["*;q=0, gzip;q=0.1"], true),
        (["br", "gzip;q=1.0"], true), (["deflate;q=1, *;q=0"], false), (["gzip;q=2"], false),
        (["gzip;level=1"], true), (["identity;q=1, gzip ; q=0.2"], true),
    ])
    func negotiation(fields: [String], allowed: Bool) {
        #expect(AcceptEncoding.allowsGzip(fields) == allowed)
    }
}
