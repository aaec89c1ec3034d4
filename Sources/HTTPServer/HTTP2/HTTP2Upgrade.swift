import Foundation

/// `Upgrade: h2c` (RFC 7540 §3.2): an HTTP/1.1 request that asks to continue in cleartext HTTP/2.
enum HTTP2Upgrade {
    /// The interim response after which both sides speak HTTP/2.
    static let switchingProtocols = Array(
        "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n".utf8)

    /// The decoded `HTTP2-Settings` payload when `request` asks for h2c properly (`Upgrade: h2c`,
    /// one `HTTP2-Settings` in base64url with valid settings, both named in `Connection`), else
    /// nil: the request is then answered over HTTP/1.1.
    static func settings(of request: HTTPRequest) -> [UInt8]? {
        let headers = request.headers
        // Most requests have no Upgrade: one comparison of canonical names each, no list split.
        guard request.version == .http11, headers.contains(.upgrade),
            headers.values(.upgrade).flatMap(HTTPRequestHead.listItems).contains("h2c")
        else { return nil }
        let options = headers.values(.connection).flatMap(HTTPRequestHead.listItems)
        let values = headers.values(.http2Settings)
        guard options.contains("upgrade"), options.contains("http2-settings"), values.count == 1 else { return nil }
        guard let payload = decodeBase64URL(Substring(values[0]).trimmingWhitespace()), areValid(payload) else {
            return nil
        }
        return payload
    }

    /// Whether each setting of `payload` is within RFC 9113 §6.5.2's range, so that the session
    /// accepts it: checked before `101 Switching Protocols` is sent, never after.
    static func areValid(_ payload: [UInt8]) -> Bool {
        stride(from: 0, to: payload.count, by: 6).allSatisfy { start in
            let identifier = UInt16(payload[start]) << 8 | UInt16(payload[start + 1])
            let value = payload[(start + 2)..<(start + 6)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            switch identifier {
            case 2: return value <= 1  // ENABLE_PUSH
            case 4: return value <= 0x7fff_ffff  // INITIAL_WINDOW_SIZE
            case 5: return (16_384...16_777_215).contains(value)  // MAX_FRAME_SIZE
            case 8: return value <= 1  // ENABLE_CONNECT_PROTOCOL
            case 9: return value <= 1  // NO_RFC7540_PRIORITIES
            default: return true  // unknown settings are ignored
            }
        }
    }

    /// base64url without padding (RFC 4648 §5), as HTTP2-Settings carries it; nil when malformed
    /// or not a whole number of 6-byte settings.
    static func decodeBase64URL(_ text: Substring) -> [UInt8]? {
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let data = Data(base64Encoded: standard), data.count % 6 == 0 else { return nil }
        return Array(data)
    }
}
