import Foundation
import PhotoLayout

/// How the service writes JSON: compact, keys sorted (deterministic bytes: ETags and replicas agree), slashes unescaped
/// (URLs stay readable). One place, so the HTTP API and the offline command write the same bytes.
enum JSONOutput {
    /// The JSON of `value`. Validation bounds every request number (`GeometryLimits`), so no
    /// rule should produce a non-finite result; if one ever does, the request gets a 422 that
    /// says so, rather than a 500 or a document JSON cannot hold.
    static func bytes(_ value: some Encodable) throws(InputError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw InputError(kind: .invalidValue, detail: "the layout of these values is not finite: use smaller numbers")
        }
    }

    static func pretty(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }
}
