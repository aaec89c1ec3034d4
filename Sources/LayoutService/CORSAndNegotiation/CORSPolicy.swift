import HTTPServer

/// Which browser origins may call the service (API.md §7, `--cors-origins` / `CORS_ORIGINS`):
/// none (the default), any (`*`), or a list of exact origins (`https://app.example`).
public enum CORSPolicy: Sendable, Equatable {
    case none
    case any
    case origins(Set<String>)

    /// The headers a preflight may ask for.
    static let allowedHeaders = "Content-Type, Content-Encoding, X-Request-Id"
    /// The response headers a script may read besides the CORS-safelisted ones.
    static let exposedHeaders = "X-Request-Id, ETag"
    /// How long a browser may cache a preflight's answer, in seconds.
    static let maxAge = "86400"

    /// Reads `*` or a comma-separated list of origins (`scheme://host[:port]`, no path);
    /// an empty text is `.none`. Throws a message naming the first entry that is no origin.
    public init(parsing text: String) throws(CORSPolicyError) {
        let entries = text.split(separator: ",").map(\.trimmingSpaces).filter { !$0.isEmpty }
        if entries.isEmpty {
            self = .none
            return
        }
        if entries == ["*"] {
            self = .any
            return
        }
        for entry in entries where !Self.isOrigin(entry) {
            throw CORSPolicyError(entry: entry)
        }
        self = .origins(Set(entries))
    }

    /// `scheme://host[:port]` with no path, query or trailing slash: what browsers send in `Origin`.
    static func isOrigin(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        let authority = text[separator.upperBound...]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            && !authority.isEmpty && !authority.contains { "/?#* ".contains($0) }
    }

    /// The `Access-Control-Allow-Origin` value for a request from `origin`, or nil when that
    /// origin is not allowed (or the request has none).
    func allowOrigin(for origin: String?) -> String? {
        guard let origin else { return nil }
        switch self {
        case .none: return nil
        case .any: return "*"
        case .origins(let origins): return origins.contains(origin) ? origin : nil
        }
    }
}

/// A `--cors-origins` entry that is neither `*` nor an origin.
public struct CORSPolicyError: Error, Equatable {
    public var entry: String
}
