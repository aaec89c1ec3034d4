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
    /// The versions this server speaks are literals (no interpolation per logged request).
    public var description: String {
        switch (major, minor) {
        case (1, 1): "HTTP/1.1"
        case (1, 0): "HTTP/1.0"
        case (2, 0): "HTTP/2.0"
        default: "HTTP/\(major).\(minor)"
        }
    }
}
