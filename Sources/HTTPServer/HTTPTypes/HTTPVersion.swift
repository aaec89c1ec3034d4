/// The protocol version of a request: HTTP/1.0, HTTP/1.1 or HTTP/2 on this server.
package struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    package var major: Int
    package var minor: Int

    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    // Computed: two constants, with no `swift_once` at each comparison.
    package static var http10: HTTPVersion { HTTPVersion(major: 1, minor: 0) }
    package static var http11: HTTPVersion { HTTPVersion(major: 1, minor: 1) }

    /// `HTTP/1.1`, as written on the wire and in access logs.
    /// The versions this server speaks are literals (no interpolation per logged request).
    package var description: String {
        switch (major, minor) {
        case (1, 1): "HTTP/1.1"
        case (1, 0): "HTTP/1.0"
        case (2, 0): "HTTP/2.0"
        default: "HTTP/\(major).\(minor)"
        }
    }
}
