import Foundation
import HTTPServer

/// `timeline-layout serve` (the default): runs the HTTP server until SIGTERM or SIGINT, then
/// drains (stops accepting, `/readyz` 503, in-flight requests finish) and exits 0.
///
/// Every setting is a flag, or an environment variable when the flag is absent.
enum ServeCommand {
    /// (flag, environment variable, default, meaning): the one table `--help` prints and the
    /// parser reads.
    static let settings: [(flag: String, env: String, fallback: String, meaning: String)] = [
        ("host", "HOST", "127.0.0.1", "address to listen on (0.0.0.0 for every interface)"),
        ("port", "PORT", "8080", "TCP port (0: any free port, printed at start)"),
        (
            "threads", "THREADS", "\(ProcessInfo.processInfo.activeProcessorCount)",
            "I/O queues (default: the number of cores)"
        ),
        ("backlog", "BACKLOG", "256", "listen(2) backlog"),
        ("max-connections", "MAX_CONNECTIONS", "10000", "open connections at most; more are refused"),
        ("max-header-bytes", "MAX_HEADER_BYTES", "16384", "request head limit (431 above)"),
        ("max-body-bytes", "MAX_BODY_BYTES", "1048576", "request body limit, after gzip (413 above)"),
        ("max-statuses", "MAX_STATUSES", "1000", "statuses per timeline request (422 above)"),
        ("max-response-bytes", "MAX_RESPONSE_BYTES", "16777216", "response body limit, before gzip (413 above)"),
        ("request-timeout", "REQUEST_TIMEOUT", "10", "seconds to receive a request head (and its body)"),
        ("idle-timeout", "IDLE_TIMEOUT", "60", "seconds a keep-alive connection may stay silent"),
        ("write-timeout", "WRITE_TIMEOUT", "30", "seconds a client may take none of its response"),
        ("shutdown-grace", "SHUTDOWN_GRACE", "10", "seconds to finish in-flight requests after SIGTERM"),
        ("log-format", "LOG_FORMAT", "text", "access log: text, json or off"),
    ]

    static var usage: String {
        var text = """
            Usage: timeline-layout [serve] [options]

            Serves the v1 API over HTTP/1.1 until SIGTERM or SIGINT, then drains and exits 0.

            Options (flag, environment variable, default):

            """
        for setting in settings {
            let flag = "--\(setting.flag) VALUE".padding(toLength: 26, withPad: " ", startingAt: 0)
            let env = setting.env.padding(toLength: 18, withPad: " ", startingAt: 0)
            text +=
                "  \(flag)\(env)\(setting.fallback.padding(toLength: 11, withPad: " ", startingAt: 0))\(setting.meaning)\n"
        }
        return text
    }

    /// The server configuration, log format and statuses limit that `words` and `environment` ask for.
    static func configuration(_ words: ArraySlice<String>, environment: [String: String]) throws(UsageError) -> (
        HTTPServerConfiguration, LogFormat, maxStatuses: Int
    )? {
        let arguments = try Arguments(words, valued: Set(settings.map(\.flag)), switches: ["help"])
        if arguments.has("help") { return nil }
        guard arguments.positional.isEmpty else {
            throw UsageError("unexpected argument \"\(arguments.positional[0])\"")
        }

        func value(_ flag: String) -> String {
            let setting = settings.first { $0.flag == flag }
            return arguments.string(flag) ?? setting.flatMap { environment[$0.env] } ?? setting?.fallback ?? ""
        }
        func integer(_ flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
            let text = value(flag)
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(
                    "--\(flag) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
            }
            return number
        }
        func seconds(_ flag: String) throws(UsageError) -> Duration {
            let text = value(flag)
            guard let number = Double(text), number.isFinite, number > 0, number <= 86_400 else {
                throw UsageError("--\(flag) must be a number of seconds above 0, not \"\(text)\"")
            }
            return .milliseconds(Int64((number * 1000).rounded()))
        }

        var configuration = HTTPServerConfiguration()
        configuration.host = value("host")
        configuration.port = try integer("port", in: 0...65_535)
        configuration.threads = try integer("threads", in: 1...256)
        configuration.backlog = try integer("backlog", in: 1...65_535)
        configuration.maxConnections = try integer("max-connections", in: 1...1_000_000)
        configuration.limits.maxHeaderBytes = try integer("max-header-bytes", in: 1_024...1_048_576)
        configuration.limits.maxBodyBytes = try integer("max-body-bytes", in: 0...1_073_741_824)
        configuration.limits.maxResponseBytes = try integer("max-response-bytes", in: 1_024...1_073_741_824)
        configuration.timeouts.requestHead = try seconds("request-timeout")
        configuration.timeouts.idle = try seconds("idle-timeout")
        configuration.timeouts.write = try seconds("write-timeout")
        configuration.shutdownGrace = try seconds("shutdown-grace")
        guard let format = LogFormat(rawValue: value("log-format")) else {
            throw UsageError("--log-format must be text, json or off, not \"\(value("log-format"))\"")
        }
        let maxStatuses = try integer("max-statuses", in: 1...1_000_000)
        return (configuration, format, maxStatuses)
    }

    static func run(_ words: ArraySlice<String>, io: CommandIO) -> Int32 {
        let configuration: HTTPServerConfiguration
        let format: LogFormat
        let maxStatuses: Int
        do {
            guard let parsed = try Self.configuration(words, environment: io.environment) else {
                io.writeOutput(Array(usage.utf8))
                return 0
            }
            (configuration, format, maxStatuses) = parsed
        } catch {
            io.writeError("timeline-layout serve: \(error.message)")
            return 2
        }

        let application = Application(configuration: configuration, logFormat: format, maxStatuses: maxStatuses)
        do {
            try application.server.runUntilSignalled { port in
                io.writeError(
                    "timeline-layout \(TimelineLayoutCommand.version) listening on http://\(configuration.host):\(port) (\(configuration.threads) threads)"
                )
            }
            io.writeError("timeline-layout: stopped")
            return 0
        } catch {
            io.writeError(
                "timeline-layout serve: cannot serve on \(configuration.host):\(configuration.port): \(error)")
            return 1
        }
    }
}
