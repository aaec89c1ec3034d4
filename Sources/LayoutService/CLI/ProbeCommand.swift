import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `timeline-layout probe [--url URL] [--timeout SECONDS]`: exits 0 when `GET URL` answers
/// 200, else 1. For container health checks, where the image has no curl: a plain HTTP/1.1
/// request over a BSD socket, with no Foundation networking (which would need libcurl).
enum ProbeCommand {
    static let usage =
        "Usage: timeline-layout probe [--url URL] [--timeout SECONDS]\n\n"
        + HelpText.paragraph(
            "Exits 0 when GET URL answers 200 within the timeout, else prints why and exits 1 (64 for a command "
                + "line that cannot run). The container's health check: no curl needed.")
        + "\nOptions:\n"
        + HelpText.columns([
            [
                "--url URL",
                "the URL to GET, http:// only (default http://127.0.0.1:PORT/healthz, PORT from the "
                    + "environment, else 8080)",
            ],
            [
                "--timeout SECONDS",
                "seconds each step may take: connecting, sending, reading the answer "
                    + "(default \(defaultTimeout))",
            ],
            ["--help", "print this help"],
        ])

    /// Seconds `probe` waits when `--timeout` is not given.
    static let defaultTimeout = 2

    static func run(_ words: ArraySlice<String>, io: CommandIO) -> Int32 {
        do {
            let arguments = try Arguments(words, valued: ["url", "timeout"], switches: ["help"])
            if arguments.has("help") {
                io.writeOutput(Array(usage.utf8))
                return 0
            }
            let url = arguments.string("url") ?? "http://127.0.0.1:\(io.environment["PORT"] ?? "8080")/healthz"
            let timeout = try arguments.number("timeout") ?? Double(defaultTimeout)
            let status = try get(url, timeout: timeout)
            guard status == 200 else {
                io.writeError("timeline-layout probe: \(url) answered \(status)")
                return 1
            }
            return 0
        } catch let error as UsageError {
            return io.usageError(error, command: "probe", usage: usage)
        } catch {
            io.writeError("timeline-layout probe: \(error)")
            return 1
        }
    }

    struct ProbeError: Error, CustomStringConvertible {
        var description: String
    }

    /// The status code of `GET url` (http only), or a `ProbeError` saying what failed.
    static func get(_ url: String, timeout: Double) throws -> Int {
        guard url.hasPrefix("http://") else { throw UsageError("--url must be an http:// URL") }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count).isEmpty ? "/" : String(rest.dropFirst(authority.count))
        var host = String(authority)
        var port = "80"
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            host = String(authority[..<colon])
            port = String(authority[authority.index(after: colon)...])
        }
        host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))

        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, port, &hints, &list) == 0, let address = list else {
            throw ProbeError(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }

        let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard fd >= 0 else { throw ProbeError(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let seconds = Int(timeout)
        var limit = timeval(tv_sec: seconds, tv_usec: Int((timeout - Double(seconds)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
            throw ProbeError(description: "cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
        let request = Array(
            "GET \(path) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\nUser-Agent: timeline-layout-probe\r\n\r\n"
                .utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
        else {
            throw ProbeError(description: "cannot send the request")
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !response.contains(0x0A) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            response += buffer[0..<count]
        }
        // "HTTP/1.1 200 OK"
        let line = String(decoding: response.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw ProbeError(description: "no HTTP answer from \(host):\(port)")
        }
        return status
    }
}
