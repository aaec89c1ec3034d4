import Foundation
import PhotoLayout

/// How the service writes JSON: compact, keys sorted (deterministic bytes: ETags and replicas agree), slashes unescaped
/// (URLs stay readable). One place, so the HTTP API and the offline command write the same bytes.
enum JSONOutput {
    static func bytes(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding our own value types cannot fail: no non-finite numbers reach them
        // (options are validated finite, and every rule divides by positive sizes only).
        return (try? Array(encoder.encode(value))) ?? Array(#"{"error":"encoding failed"}"#.utf8)
    }

    static func pretty(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }
}
