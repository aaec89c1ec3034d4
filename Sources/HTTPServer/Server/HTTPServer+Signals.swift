internal import CSystemShims
import Foundation
import Synchronization

extension HTTPServer {
    /// Starts, drains on SIGTERM or SIGINT (within the configured grace), and returns once stopped.
    /// `onStart` receives the bound port (the ephemeral one when the configuration says 0).
    ///
    /// The signals come through a pipe (`shim_route_signal_to_pipe`, the self-pipe trick): a
    /// handler of our own writes each one to the pipe, whichever thread the kernel delivers it
    /// to. A thread of its own, with the signals unblocked (so that at least one thread can
    /// take them: libdispatch's threads block every signal), waits on the pipe and starts the
    /// drain. Dispatch's signal sources were not enough on Linux: a SIGTERM was lost now and
    /// then once the worker pool's threads existed. The handler stays after the stop, so a
    /// repeated SIGTERM while the process exits does not kill it.
    package func runUntilSignalled(onStart: (Int) -> Void = { _ in }) throws {
        signal(SIGPIPE, SIG_IGN)
        var pipe: Int32 = -1
        for number in [SIGTERM, SIGINT] {
            pipe = shim_route_signal_to_pipe(number)
            guard pipe >= 0 else { throw HTTPServerError("sigaction") }
        }
        let stopped = Atomic<Bool>(false)
        let watcher = Thread { [self, pipe] in
            shim_unblock_signal(SIGTERM)
            shim_unblock_signal(SIGINT)
            var ready = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
            while !stopped.load(ordering: .relaxed) {
                // Wakes at least every 100 ms to see the stop; a signal wakes it at once.
                if poll(&ready, 1, 100) > 0, Self.drainSignals(pipe) { shutdown(grace: nil) }
            }
        }
        watcher.name = "http.signals"
        watcher.start()
        defer {
            stopped.store(true, ordering: .relaxed)  // the pipe stays open: it is the process's
            // What this run left (a SIGTERM repeated during the drain) is consumed here, not at the
            // next start: draining there would also drop a SIGTERM sent while that server starts.
            Self.drainSignals(pipe)
        }
        onStart(try start())
        waitUntilStopped()
    }

    /// Reads every pending byte of the signal pipe; true when there was at least one.
    @discardableResult
    private static func drainSignals(_ pipe: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var any = false
        while buffer.withUnsafeMutableBytes({ read(pipe, $0.baseAddress, $0.count) }) > 0 { any = true }
        return any
    }
}
