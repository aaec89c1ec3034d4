@preconcurrency import Dispatch
import Foundation

extension HTTPServer {
    /// Starts, drains on SIGTERM or SIGINT (within the configured grace), and returns once stopped.
    /// `onStart` receives the bound port (the ephemeral one when the configuration says 0).
    public func runUntilSignalled(onStart: (Int) -> Void = { _ in }) throws {
        signal(SIGPIPE, SIG_IGN)
        let signals = [SIGTERM, SIGINT]
        let queue = DispatchQueue(label: "http.signals")
        let sources = signals.map { number in
            signal(number, SIG_IGN)  // delivered to the dispatch source instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in shutdown(grace: nil) }
            source.resume()
            return source
        }
        // The signals stay ignored after the server stops: the process is on its way out, and a
        // repeated SIGTERM in that window (an orchestrator, or a test, asking twice) must not turn
        // the clean drain into a kill by the default action.
        defer {
            for source in sources { source.cancel() }
        }
        onStart(try start())
        waitUntilStopped()
    }
}
