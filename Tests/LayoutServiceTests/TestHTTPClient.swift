import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A deliberately small HTTP/1.1 client over a blocking loopback socket, for end-to-end
/// tests: it writes exactly the bytes a test gives and parses responses by Content-Length.
final class TestHTTPClient {
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        var text: String { String(decoding: body, as: UTF8.self) }

        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        }
    }

    struct ClientError: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    private var buffer: [UInt8] = []

    /// `timeoutSeconds` is a hang guard, not a measurement: generous, because an answer that
    /// takes milliseconds can wait seconds for the server's threads on a loaded machine.
    init(port: Int, timeoutSeconds: Int = 30) throws {
        // The descriptor is stored only once connected: a class whose initializer throws after
        // every stored property is set still runs `deinit`, which closed the descriptor a second
        // time, by then perhaps another thread's (it once closed the server's signal pipe).
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket failed") }
        var limit = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw ClientError(description: "connect to \(port) failed: errno \(errno)")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw ClientError(description: "send failed: errno \(errno)") }
            sent += count
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends one request with the usual headers and reads its response.
    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []) throws
        -> Response
    {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + body)
        return try readResponse(forHead: method == "HEAD")
    }

    /// Reads one response; `forHead` skips the body (HEAD), as does a 1xx, 204 or 304 status.
    func readResponse(forHead: Bool = false) throws -> Response {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                    throw ClientError(description: "bad status line: \(head)")
                }
                let headers = lines.compactMap { line -> (String, String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (
                        String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    )
                }
                let length =
                    forHead || status < 200 || status == 204 || status == 304
                    ? 0 : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
                while buffer.count < end + 4 + length {
                    guard try fill() else { throw ClientError(description: "connection closed mid-body") }
                }
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return Response(status: status, headers: headers, body: body)
            }
            guard try fill() else { throw ClientError(description: "connection closed before a response") }
        }
    }

    /// Whether the server closed the connection (read returns 0) within the timeout.
    func isClosedByPeer() -> Bool {
        (try? fill()) == false
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count == 0 { return false }
        guard count > 0 else { throw ClientError(description: "recv failed: errno \(errno)") }
        buffer += chunk[0..<count]
        return true
    }
}
