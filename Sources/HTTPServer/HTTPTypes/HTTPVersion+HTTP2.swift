extension HTTPVersion {
    /// HTTP/2 (RFC 9113): written `HTTP/2.0` in access logs and request records.
    package static let http2 = HTTPVersion(major: 2, minor: 0)
}
