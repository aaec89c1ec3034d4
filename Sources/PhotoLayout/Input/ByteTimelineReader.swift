import Foundation
import JSONBytes

/// The fast `TimelineReader`: one validating pass over the request bytes that builds the
/// core's typed inputs from the fields the layout needs and skips everything else.
///
/// Results equal `FoundationTimelineReader`'s (the reference) for every document that is
/// JSON by RFC 8259: the same statuses and options, the same `InputError` (kind, pointer and
/// detail) for a wrong type or a missing envelope, the same order of precedence (malformed
/// JSON anywhere first, then the top level, then the winning envelope, then `options` in
/// field order), and JSONDecoder's rule for duplicate keys: the first one wins.
/// Where the two differ it is by design: this reader validates the whole document
/// (`JSONScanner`), so invalid UTF-8, lone surrogates, control characters, bad escapes, bad
/// numbers and trailing commas are `.malformed` here even inside skipped values, where
/// JSONDecoder, which decodes lazily, lets them pass. Its error detail names the byte offset,
/// line and column.
///
/// Why a Swift scanner and not simdjson (decided on measurements, `scripts/bench-json`,
/// release builds, one core of this 2-core machine, MB/s of input per CPU second, the three
/// sample timelines aggregated, 446 KB): this reader 1,050 MB/s; JSONDecoder (the reference)
/// 170 MB/s, so 6.1×; JSONSerialization 76 MB/s; simdjson 3.0.1 On-Demand reading the same
/// fields 4,400 MB/s, so this reader is 0.24× it. simdjson is four times faster, but its
/// On-Demand API validates skipped values only structurally (not numbers or escapes), the
/// results would still have to be shaped like the reference's in Swift, and the package would
/// need a C++ target and a system library, which the layout core (Foundation only, also built
/// for iOS) cannot take. The Swift reader passes the 1,000 MB/s bar, so it is the choice; the
/// 8× JSONDecoder and ½ simdjson targets are not met (see the bench's last lines).
///
/// How it is fast: a SIMD stage 1 in the manner of simdjson (`JSONStructuralIndex`, C target
/// `CJSONStructural`: AVX2 or SSE2 on x86-64, NEON on arm64, scalar elsewhere) marks every
/// token start 64 bytes at a time and checks strings, escapes, UTF-8 and numbers, so that a
/// skipped value is passed over from token to token, only its grammar checked (a document
/// that fails stage 1, or a value whose grammar breaks, is read by the byte loop, which
/// throws the error it always has); no allocation while skipping; keys are matched by length
/// then two masked words (`JSONKeySet`); the members an object's reader does not want are
/// passed over by a C member walk on the same masks (`nextField`: one call per field read,
/// keys looked up by the set's slot hash on their bytes; a picture variant or a `geo`, whose
/// wanted values are scalars, in one call for the whole object: `members(gathering:)`);
/// numbers are converted only where read. Measured
/// (issue 15, callgrind, 275 KB client-API sample per request through HTTP): stage 1 1.02 M
/// instructions (0.39 M of them its byte checks), the token walk 0.47 M, where the byte loop
/// skipped for 1.47 M; most of the rest is building the typed inputs (`pic_infos`: 1.35 M
/// then; URLs and pids are now `ByteString` slices of the caller's array, variants five
/// slots, not a `Dictionary`).
public struct ByteTimelineReader: TimelineReader {
    public init() {}

    public func readTimeline(_ bytes: UnsafeRawBufferPointer) throws(InputError) -> TimelineRequest {
        try read(bytes, storage: nil)
    }

    /// Reads an array, whose storage the strings kept (`ByteString`) then slice: no copy of
    /// the document (the buffer-pointer entry copies it once, at the first string kept).
    public func readTimeline(_ bytes: [UInt8]) throws(InputError) -> TimelineRequest {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(InputError) in try read(buffer, storage: bytes) }
        }
        return try outcome.get()
    }

    /// Reads `bytes`, which are `storage`'s when it is not `nil`.
    private func read(_ bytes: UnsafeRawBufferPointer, storage: [UInt8]?) throws(InputError) -> TimelineRequest {
        if let transcoded = Self.transcodedFromUTF16Or32(bytes) {
            // The transcoding dropped the document's byte order mark: a second one is not JSON.
            let outcome = transcoded.withUnsafeBytes { buffer in
                Result { () throws(InputError) in try read(buffer, skippingBOM: false, storage: transcoded) }
            }
            return try outcome.get()
        }
        return try read(bytes, skippingBOM: true, storage: storage)
    }

    private func read(
        _ bytes: UnsafeRawBufferPointer, skippingBOM: Bool, storage: [UInt8]?
    ) throws(InputError) -> TimelineRequest {
        // Request bodies are byte buffers (`[UInt8]`, `Data`, socket buffers): memory bound to
        // `UInt8`, read as such and never written.
        let buffer = bytes.assumingMemoryBound(to: UInt8.self)
        let hasBOM =
            skippingBOM && buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
        let outcome: Result<TimelineRequest, InputError>
        do {
            outcome = try JSONScanner.withTokens(buffer, from: hasBOM ? 3 : 0) {
                scanner throws(JSONSyntaxError) in
                scanner.retained = storage
                let outcome = try Self.readDocument(&scanner)
                try scanner.finish()
                // The array the strings slice: the rules refer to it in place (`TimelineRequest.source`).
                let source = scanner.retained
                return outcome.map { request in
                    var request = request
                    request.source = source
                    return request
                }
            }
        } catch {
            throw error.inputError(in: bytes)
        }
        return try outcome.get()
    }

    /// The request read from UTF-8 `bytes`, and the bookkeeping comparisons it took
    /// (`JSONScanner.work`): for tests that check the reader is linear without timing it.
    static func readCountingWork(_ bytes: [UInt8]) -> (request: Result<TimelineRequest, InputError>, work: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            let read = Result { () throws(JSONSyntaxError) in
                var scanner = try JSONScanner(buffer)
                let outcome = try readDocument(&scanner)
                try scanner.finish()
                return (outcome, scanner.work)
            }
            switch read {
            case .success(let (outcome, work)): return (outcome, work)
            case .failure(let error): return (.failure(InputError(kind: .malformed, detail: error.message)), 0)
            }
        }
    }

    /// JSONDecoder accepts UTF-16 and UTF-32 documents that start with a byte order mark:
    /// they are read as their UTF-8 transcoding (a rare path; offsets then refer to it).
    private static func transcodedFromUTF16Or32(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard bytes.count >= 2 else { return nil }
        let encoding: String.Encoding
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE) where bytes.count >= 4 && bytes[2] == 0 && bytes[3] == 0: encoding = .utf32
        case (0x00, 0x00) where bytes.count >= 4 && bytes[2] == 0xFE && bytes[3] == 0xFF: encoding = .utf32
        case (0xFE, 0xFF), (0xFF, 0xFE): encoding = .utf16
        default: return nil
        }
        // Not decodable: hand on bytes that cannot be JSON, so the error is `.malformed`.
        return String(data: Data(bytes), encoding: encoding).map { Array($0.utf8) } ?? [0xFF]
    }
}
