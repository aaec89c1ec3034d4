/// The protocol version of a request: HTTP/1.0, HTTP/1.1 or HTTP/2 on this server.
public struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    // Computed: two constants, with no `swift_once` at each comparison.
    public static var http10: HTTPVersion { HTTPVersion(major: 1, minor: 0) }
    public static var http11: HTTPVersion { HTTPVersion(major: 1, minor: 1) }

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
