extension HTTPRequestHead {
    /// What the parser learns from the fields as it makes them, on their bytes: no value is
    /// decoded, split or lower-cased into Strings for it (`Expect`, rare, excepted).
    struct Facts {
        var hosts = 0
        /// A Content-Length or Transfer-Encoding was seen: the framing is worked out.
        var isFramed = false
        /// `Connection` named `close` / `keep-alive` (ASCII case-insensitive, any list item).
        var close = false
        var keepAliveOption = false
        /// The first `Expect` (its value is OWS-trimmed already), lower-cased.
        var expectation: String?
        var requestIDIndex: Int?
        var userAgentIndex: Int?

        /// Notes the field `name: value`, the `index`-th of the head.
        mutating func note(_ name: HTTPFieldName, _ value: UnsafeBufferPointer<UInt8>, at index: Int) {
            switch name {
            case .host:
                hosts += 1
            case .contentLength, .transferEncoding:
                isFramed = true
            case .connection:
                ASCII.forEachListItem(value) { option in
                    if ASCII.equalsIgnoringCase(option, "close") { close = true }
                    if ASCII.equalsIgnoringCase(option, "keep-alive") { keepAliveOption = true }
                    return true
                }
            case .expect where expectation == nil:
                expectation = String(decoding: value, as: UTF8.self).lowercased()
            case .xRequestID where requestIDIndex == nil:
                requestIDIndex = index
            case .userAgent where userAgentIndex == nil:
                userAgentIndex = index
            default:
                break
            }
        }
    }
}
