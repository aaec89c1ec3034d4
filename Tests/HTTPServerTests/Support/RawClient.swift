import Foundation

/// A blocking TCP client on 127.0.0.1 for end-to-end tests: raw bytes out, responses parsed
/// just enough (status, headers, Content-Length body) to assert on.
final class RawClient {
    struct Response {
        var status: Int
        var reason: String
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    private var buffer: [UInt8] = []

    /// `receiveTimeout` is a hang guard, not a measurement: generous, because a read waits for
    /// the server's threads, and on a loaded machine (fuzzers and valgrind on both cores) 5 s
    /// was once not enough for an answer that takes milliseconds.
    init(port: Int, receiveTimeout: Double = 30) throws {
        // The descriptor is stored only once connected: a class whose initializer throws after
        // every stored property is set still runs `deinit`, which closed the descriptor a second
        // time, by then perhaps another thread's (it once closed the server's signal pipe).
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket") }
        var timeout = timeval(
            tv_sec: Int(receiveTimeout), tv_usec: Int(receiveTimeout.truncatingRemainder(dividingBy: 1) * 1e6)
        )
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw Failure(description: "connect: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Makes the coming close a reset (RST), as a client that gives up does.
    func resetOnClose() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Reads more bytes; false on EOF, throws on timeout or reset.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw Failure(description: "recv: \(String(cString: strerror(errno)))") }
        buffer.append(contentsOf: chunk[0..<count])
        return count > 0
    }

    /// The next response; `bodyless` for HEAD (and 1xx, which have no body anyway).
    func readResponse(bodyless: Bool = false) throws -> Response {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2).map(String.init)
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                    throw Failure(description: "bad status line in \(head)")
                }
                let headers = lines.filter { !$0.isEmpty }.map { line -> (String, String) in
                    let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
                    return (parts[0], parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
                }
                var response = Response(
                    status: status, reason: statusLine.count > 2 ? statusLine[2] : "", headers: headers, body: []
                )
                let length = (bodyless || status < 200) ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
                while buffer.count < end + 4 + length {
                    guard try fill() else { throw Failure(description: "EOF inside a body") }
                }
                response.body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return response
            }
            guard try fill() else { throw Failure(description: "EOF before a response") }
        }
    }

    /// True when the server closed the connection (EOF, or reset) with nothing more to read.
    func readsEOF() -> Bool {
        guard buffer.isEmpty else { return false }
        do {
            return try !fill()
        } catch {
            return errno == ECONNRESET
        }
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}
