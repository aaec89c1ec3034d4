import Foundation
import JSONBytes

/// The fast `TimelineReader`: one validating pass over the request bytes that builds the
/// core's typed inputs from the fields the layout needs and skips everything else.
///
/// Results equal `FoundationTimelineReader`'s (the reference) for every document that is
/// JSON by RFC 8259: the same statuses, options and variants, the same `InputError` (kind,
/// pointer and detail) for a wrong type or a missing envelope, the same order of precedence
/// (malformed JSON anywhere first, then the top level, then the winning envelope, then
/// `options` in field order, then the sets of `variants` in document order), and
/// JSONDecoder's rule for duplicate keys: the first one wins.
/// Where the two differ it is by design: this reader validates the whole document
/// (`JSONScanner`), so invalid UTF-8, lone surrogates, control characters, bad escapes, bad
/// numbers and trailing commas are `.malformed` here even inside skipped values, where
/// JSONDecoder, which decodes lazily, lets them pass. Its error detail names the byte offset,
/// line and column.
///
/// How it reads: a SIMD stage 1 (`JSONStructuralIndex`, C target `CJSONStructural`: AVX2 or
/// SSE2 on x86-64, NEON on arm64, scalar elsewhere) marks every token start 64 bytes at a time
/// and checks strings, escapes, UTF-8 and numbers, so that a skipped value is passed over from
/// token to token, only its grammar checked (a document that fails stage 1, or a value whose
/// grammar breaks, is read by the byte loop, which throws the error it always has). Nothing
/// is allocated while skipping; each object's members are a `JSONField` enum whose keys are
/// found by one slot lookup (`JSONKeySet`); the members a reader does not want are passed
/// over by a C member walk on the same masks (`nextField`), and an object whose wanted values
/// are scalars (a picture variant, a `geo`) is walked once for all of them
/// (`members(gathering:)`). Strings kept are slices of the request (`ByteString`), numbers
/// are converted only where read. docs/decisions/030-json-reader.md says why this design and
/// not simdjson or JSONDecoder; BENCHMARKS.md has its figures.
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
