/// `Accept-Encoding` negotiation (RFC 9110 §12.5.3) for the one coding this server produces.
enum AcceptEncoding {
    /// Whether the request's `Accept-Encoding` field values allow a gzip response: gzip (or
    /// x-gzip) with a q-value above 0, else `*` above 0. No field at all gets identity: many
    /// clients that send none cannot decode gzip.
    static func allowsGzip(_ fieldValues: [String]) -> Bool {
        var gzip: Double?
        var anyCoding: Double?
        for value in fieldValues {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";")
                guard let name = parts.first?.trimmingWhitespace().lowercased(), !name.isEmpty else { continue }
                let weight = qValue(parts.dropFirst())
                switch name {
                case "gzip", "x-gzip": gzip = max(gzip ?? 0, weight)
                case "*": anyCoding = weight
                default: break
                }
            }
        }
        return (gzip ?? anyCoding ?? 0) > 0
    }

    /// The `q` parameter (1 when absent; a malformed one counts as 0, "not acceptable").
    private static func qValue(_ parameters: ArraySlice<Substring>) -> Double {
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "q" else { continue }
            guard let weight = Double(pair[1].trimmingWhitespace()), (0...1).contains(weight) else { return 0 }
            return weight
        }
        return 1
    }
}
