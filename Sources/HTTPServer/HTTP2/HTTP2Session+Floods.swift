internal import CNghttp2

/// Flood accounting beyond nghttp2's own limits (docs/API.md §8): frames that cost the server work
/// and carry no request draw from one token bucket per connection; when it is empty the
/// connection ends with GOAWAY ENHANCE_YOUR_CALM.
extension HTTP2Session {
    /// Streams over the header-list limit that end the connection.
    static let maxHeaderOverruns = 4
    /// Work-free frames a connection may send at once, and per second after that.
    static let floodBurst = 1000
    static let floodRate = 100.0

    /// Whether `frame` is one work-free frame too many: PING, SETTINGS, PRIORITY, RST_STREAM
    /// (a request reset as soon as opened), or DATA that is empty and does not end its stream
    /// (acknowledgements are free).
    func isFlood(_ frame: nghttp2_frame) -> Bool {
        let type = frame.hd.type
        let isAck = frame.hd.flags & UInt8(NGHTTP2_FLAG_ACK.rawValue) != 0
        let counted: Bool
        switch type {
        case UInt8(NGHTTP2_PING.rawValue), UInt8(NGHTTP2_SETTINGS.rawValue): counted = !isAck
        case UInt8(NGHTTP2_PRIORITY.rawValue), UInt8(NGHTTP2_RST_STREAM.rawValue): counted = true
        case UInt8(NGHTTP2_DATA.rawValue):
            counted = frame.hd.length == 0 && frame.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) == 0
        default: counted = false
        }
        guard counted else { return false }
        let elapsed = now - floodRefilledAt
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        floodTokens = min(Double(Self.floodBurst), floodTokens + seconds * Self.floodRate)
        floodRefilledAt = now
        floodTokens -= 1
        return floodTokens < 0
    }

    static func frameName(_ type: UInt8) -> String {
        switch type {
        case UInt8(NGHTTP2_PING.rawValue): "PING"
        case UInt8(NGHTTP2_SETTINGS.rawValue): "SETTINGS"
        case UInt8(NGHTTP2_PRIORITY.rawValue): "PRIORITY"
        case UInt8(NGHTTP2_RST_STREAM.rawValue): "RST_STREAM"
        case UInt8(NGHTTP2_DATA.rawValue): "empty DATA"
        default: "type \(type)"
        }
    }
}
