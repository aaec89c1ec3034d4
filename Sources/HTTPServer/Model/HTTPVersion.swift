/// The protocol version of a request: HTTP/1.0, HTTP/1.1 or HTTP/2 on this server.
public struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    public static let http10 = HTTPVersion(major: 1, minor: 0)
    public static let http11 = HTTPVersion(major: 1, minor: 1)

    /// `HTTP/1.1`, as written on the wire and in access logs.
    public var description: String { "HTTP/\(major).\(minor)" }
}
