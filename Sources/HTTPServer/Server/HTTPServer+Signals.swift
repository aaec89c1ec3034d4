@preconcurrency import Dispatch
import Foundation

extension HTTPServer {
    /// Starts, drains on SIGTERM or SIGINT (within the configured grace), and returns once stopped.
    /// `onStart` receives the bound port (the ephemeral one when the configuration says 0).
    ///
    /// The signals reach a dispatch signal source. On Linux, libdispatch installs its own handler
    /// for them when the source is registered (it forwards a signal that lands on any thread to
    /// its signalfd), so the disposition is left to it: setting `SIG_IGN` here, as on Darwin,
    /// would drop a signal delivered to a thread that does not block it (the worker pool's
    /// threads, say) before libdispatch's handler is in place, or after, if set again. The
    /// server starts only once both sources are registered, so no SIGTERM sent after start is
    /// lost; one sent before that ends the process by the default action, as nothing is served
    /// yet. After the stop the handler stays: a repeated SIGTERM while the process exits does
    /// not kill it.
    public func runUntilSignalled(onStart: (Int) -> Void = { _ in }) throws {
        signal(SIGPIPE, SIG_IGN)
        let queue = DispatchQueue(label: "http.signals")
        let registered = DispatchGroup()
        let sources = [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in shutdown(grace: nil) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
        }
        // A hang guard only: registration takes microseconds once the source's queue runs.
        _ = registered.wait(timeout: .now() + 30)
        onStart(try start())
        waitUntilStopped()
    }
}
