/// A request line and its header fields, with the framing of the body that follows.
public struct HTTPRequestHead: Sendable {
    /// How the body is delimited (RFC 9112 §6.3).
    public enum Framing: Hashable, Sendable {
        /// No Content-Length and no Transfer-Encoding: no body.
        case none
        case length(Int)
        case chunked
    }

    public var method: HTTPMethod
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var framing: Framing
    /// Bytes of the request line and header block, CRLFs included.
    public var byteCount: Int

    /// Whether the connection persists after this request (RFC 9112 §9.3): HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        let options = headers.values("Connection").flatMap(Self.listItems)
        if options.contains("close") { return false }
        return version == .http11 || options.contains("keep-alive")
    }

    /// `Expect` of an HTTP/1.1 request, lower-cased, or nil (HTTP/1.0 expectations are ignored).
    public var expectation: String? {
        guard version == .http11, let value = headers["Expect"] else { return nil }
        return Substring(value).trimmingWhitespace().lowercased()
    }

    /// Whether a body may follow the head.
    public var hasBody: Bool {
        switch framing {
        case .none: false
        case .length(let count): count > 0
        case .chunked: true
        }
    }

    /// Comma-separated list items, trimmed and lower-cased, empty ones dropped.
    static func listItems(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { item in
            let trimmed = item.trimmingWhitespace().lowercased()
            return trimmed.isEmpty ? nil : trimmed
        }
    }
}
