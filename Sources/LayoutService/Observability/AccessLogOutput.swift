import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Where the access log's bytes go: a `write(2)`-like function (standard output in
/// production, a recorder in tests) and the loop that completes partial writes.
struct AccessLogOutput: Sendable {
    /// Writes a prefix of the bytes; returns how many, or -1 with `errno` set (as `write(2)`).
    let write: @Sendable (UnsafeRawBufferPointer) -> Int
    /// The descriptor `write` writes to, polled when it is full; -1 when there is none.
    let fd: Int32
    /// Whether a failure was reported on standard error already: once, not once per batch.
    private let reported = ReportFlag()

    init(fd: Int32 = -1, write: @escaping @Sendable (UnsafeRawBufferPointer) -> Int) {
        self.fd = fd
        self.write = write
    }

    /// `write(2)` on `fd`.
    static func descriptor(_ fd: Int32) -> AccessLogOutput {
        AccessLogOutput(fd: fd) { bytes in Glibc.write(fd, bytes.baseAddress, bytes.count) }
    }

    /// Standard output: the log's place (docs/API.md: "Logs: one line per request").
    static let standardOutput = descriptor(STDOUT_FILENO)

    /// Writes every byte of `bytes`: a partial write is continued, `EINTR` retried, `EAGAIN` (a
    /// non-blocking pipe that is full) waited out with `poll`. Any other error drops the rest
    /// and is reported once on standard error; false then.
    @discardableResult
    func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            if written > 0 {
                offset += written
                continue
            }
            let error = written < 0 ? errno : EIO
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, 1000) >= 0 { continue }
            }
            report(error, lost: bytes.count - offset)
            return false
        }
        return true
    }

    private func report(_ error: Int32, lost: Int) {
        guard reported.set() else { return }
        let message =
            "timeline-layout: access log write failed (\(String(cString: strerror(error)))); "
            + "\(lost) bytes lost, later failures not reported\n"
        var bytes = Array(message.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// A flag set once, by whichever thread comes first.
private final class ReportFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// True for the one caller that set it.
    func set() -> Bool {
        value.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    }
}
