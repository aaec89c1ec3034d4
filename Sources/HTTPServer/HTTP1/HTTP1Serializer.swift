/// Writes responses as HTTP/1.1 bytes: status line, the handler's headers, then `Server`,
/// `Date` (cached per second), `Content-Length` and `Connection`, which the server owns.
public struct HTTP1Serializer: Sendable {
    /// The interim response sent before reading a body announced with `Expect: 100-continue`.
    public static let continueBytes: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Header names the handler may not set: the serializer writes them itself.
    static let ownedHeaders = ["Content-Length", "Transfer-Encoding", "Connection", "Date", "Server"]

    private let serverLine: [UInt8]
    private var dates = HTTPDateCache()

    public init(serverName: String) {
        let safeName = serverName.utf8.filter(ASCII.isFieldValueCharacter)
        serverLine = Array("Server: ".utf8) + safeName + [ASCII.cr, ASCII.lf]
    }

    /// Whether the response to a request carries its body: not for HEAD, 1xx, 204 or 304.
    public static func sendsBody(_ status: HTTPStatus, isHeadRequest: Bool) -> Bool {
        !isHeadRequest && status.code >= 200 && status.code != 204 && status.code != 304
    }

    /// Replaces `buffer`'s contents with the status line and headers of `response`.
    /// `Content-Length` is the body's length, HEAD included (RFC 9110 §9.3.2).
    public mutating func writeHead(_ response: HTTPResponse, closeConnection: Bool, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        append("HTTP/1.1 \(response.status.code) \(response.status.reason)\r\n", to: &buffer)
        buffer.append(contentsOf: serverLine)
        append("Date: ", to: &buffer)
        buffer.append(contentsOf: dates.current())
        buffer.append(contentsOf: [ASCII.cr, ASCII.lf])
        for (name, value) in response.headers where !Self.ownedHeaders.contains(where: { HTTPHeaders.same($0, name) }) {
            append(name, to: &buffer)
            append(": ", to: &buffer)
            append(value, to: &buffer)
            buffer.append(contentsOf: [ASCII.cr, ASCII.lf])
        }
        let code = response.status.code
        if code >= 200 && code != 204 {
            append("Content-Length: \(response.body.count)\r\n", to: &buffer)
        }
        append(closeConnection ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n", to: &buffer)
    }

    /// Head and, unless `isHeadRequest` (or the status forbids one), body: one byte array.
    public mutating func serialize(_ response: HTTPResponse, isHeadRequest: Bool, closeConnection: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        writeHead(response, closeConnection: closeConnection, into: &bytes)
        if Self.sendsBody(response.status, isHeadRequest: isHeadRequest) {
            bytes.append(contentsOf: response.body)
        }
        return bytes
    }

    /// Whether a handler's response can be written safely: a final status (200–999), a reason
    /// and header values without CR, LF or other controls, and token header names.
    public static func isWritable(_ response: HTTPResponse) -> Bool {
        guard (200...999).contains(response.status.code),
            response.status.reason.utf8.allSatisfy(ASCII.isFieldValueCharacter)
        else { return false }
        return response.headers.allSatisfy { name, value in
            ASCII.isToken(name.utf8) && value.utf8.allSatisfy(ASCII.isFieldValueCharacter)
        }
    }

    private func append(_ text: String, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: text.utf8)
    }
}
