import Foundation
import HTTPServer

/// `timeline-layout serve` (the default): runs the HTTP server until SIGTERM or SIGINT, then
/// drains (stops accepting, `/readyz` 503, in-flight requests finish) and exits 0.
///
/// Every setting is a flag, or an environment variable when the flag is absent.
enum ServeCommand {
    /// The defaults every setting falls back to: the configuration's own, so that the help,
    /// the parser and the configuration cannot disagree.
    static let defaults = HTTPServerConfiguration()

    /// (flag, environment variable, default, meaning): the one table `--help` prints, the
    /// parser reads and the README's configuration table repeats (a test holds them equal).
    static let settings: [(flag: String, env: String, fallback: String, meaning: String)] = [
        ("host", "HOST", defaults.host, "address to listen on (0.0.0.0 for every interface)"),
        ("port", "PORT", "\(defaults.port)", "TCP port (0: any free port, printed at start)"),
        (
            "threads", "THREADS", "\(defaults.threads)",
            "I/O event loops (default: the cores available, within the affinity mask and the cgroup CPU quota)"
        ),
        (
            "workers", "WORKERS", "\(defaults.workers)",
            "worker threads for layout handlers and gzip, off the event loops (default: as --threads)"
        ),
        ("backlog", "BACKLOG", "\(defaults.backlog)", "listen(2) backlog"),
        (
            "max-connections", "MAX_CONNECTIONS", "\(defaults.maxConnections)",
            "open connections at most; more are refused with 503"
        ),
        ("max-header-bytes", "MAX_HEADER_BYTES", "\(defaults.limits.maxHeaderBytes)", "request head limit (431 above)"),
        (
            "max-body-bytes", "MAX_BODY_BYTES", "\(defaults.limits.maxBodyBytes)",
            "request body limit, after gzip (413 above)"
        ),
        (
            "max-statuses", "MAX_STATUSES", "\(LayoutAPI.defaultMaxStatuses)",
            "statuses per timeline request (422 above)"
        ),
        (
            "max-response-bytes", "MAX_RESPONSE_BYTES", "\(defaults.limits.maxResponseBytes)",
            "response body limit, before gzip (413 above)"
        ),
        (
            "memory-budget", "MEMORY_BUDGET", MemoryLimit.shortForm(MemoryLimit.defaultBudget),
            "bytes (K/M/G) of bodies and unsent responses held at once (default: 75 % of the cgroup memory limit, else 1G)"
        ),
        (
            "request-timeout", "REQUEST_TIMEOUT", seconds(defaults.timeouts.requestHead),
            "seconds to receive a request's head, and as long again for its body (408 past either)"
        ),
        (
            "idle-timeout", "IDLE_TIMEOUT", seconds(defaults.timeouts.idle),
            "seconds a keep-alive connection may stay silent"
        ),
        (
            "write-timeout", "WRITE_TIMEOUT", seconds(defaults.timeouts.write),
            "seconds a client may take none of its response before it is cut"
        ),
        (
            "shutdown-grace", "SHUTDOWN_GRACE", seconds(defaults.shutdownGrace),
            "seconds to finish in-flight requests after SIGTERM or SIGINT"
        ),
        ("log-format", "LOG_FORMAT", LogFormat.text.rawValue, "access log on stdout: text, json or off"),
        ("cors-origins", "CORS_ORIGINS", "", "browser origins allowed to call the API (CORS): * or a comma list"),
    ]

    /// What each flag's value is, as `--help` names it: its unit where it has one.
    static let placeholders = [
        "host": "ADDRESS", "port": "PORT", "threads": "N", "workers": "N", "backlog": "N", "max-connections": "N",
        "max-statuses": "N", "memory-budget": "BYTES", "log-format": "FORMAT", "cors-origins": "ORIGINS",
    ]

    /// The value a flag takes, as `--help` shows it (`--request-timeout SECONDS`).
    static func placeholder(_ flag: String) -> String {
        if let name = placeholders[flag] { return name }
        if flag.hasSuffix("-bytes") { return "BYTES" }
        if flag.hasSuffix("-timeout") || flag.hasSuffix("-grace") { return "SECONDS" }
        return "VALUE"
    }

    /// A duration as the whole or decimal number of seconds the flags take.
    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(whole)" }
        return "\(Double(whole) + Double(attoseconds) / 1e18)"
    }

    static var usage: String {
        var text = "Usage: timeline-layout [serve] [options]\n\n"
        text += HelpText.paragraph(
            "Serves the v1 API over HTTP/1.1 and HTTP/2 (cleartext h2c: prior knowledge or Upgrade) until SIGTERM "
                + "or SIGINT, then drains and exits 0. Exit status: 0 after a drain, 1 when it cannot serve (a port "
                + "in use), 64 for a bad flag or environment value.")
        text += "\nOptions (flag, environment variable used when the flag is absent, default, meaning):\n"
        text += HelpText.columns(
            settings.map { setting in
                [
                    "--\(setting.flag) \(placeholder(setting.flag))", setting.env,
                    setting.fallback.isEmpty ? "none" : setting.fallback, setting.meaning,
                ]
            } + [["--help", "", "", "print this help"]])
        return text
    }

    /// How an operator sets `flag`, as a refusal over its limit names it: `--max-body-bytes / MAX_BODY_BYTES`.
    static func knob(_ flag: String) -> String? {
        settings.first { $0.flag == flag }.map { "--\($0.flag) / \($0.env)" }
    }

    /// The server configuration, log format, CORS policy and statuses limit that `words` and
    /// `environment` ask for; nil for `--help`. A bad value is named as it was given: the flag,
    /// or the environment variable when the flag is absent.
    static func configuration(_ words: ArraySlice<String>, environment: [String: String]) throws(UsageError) -> (
        HTTPServerConfiguration, LogFormat, CORSPolicy, maxStatuses: Int
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
        /// `--port`, or `environment variable PORT` when the value came from there.
        func origin(_ flag: String) -> String {
            guard arguments.string(flag) == nil, let setting = settings.first(where: { $0.flag == flag }),
                environment[setting.env] != nil
            else { return "--\(flag)" }
            return "environment variable \(setting.env)"
        }
        func integer(_ flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
            let text = value(flag)
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(
                    "\(origin(flag)) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\""
                )
            }
            return number
        }
        func seconds(_ flag: String) throws(UsageError) -> Duration {
            let text = value(flag)
            guard let number = Double(text), number.isFinite, number > 0, number <= 86_400 else {
                throw UsageError("\(origin(flag)) must be a number of seconds above 0, not \"\(text)\"")
            }
            return .milliseconds(Int64((number * 1000).rounded()))
        }

        var configuration = HTTPServerConfiguration()
        configuration.host = value("host")
        configuration.port = try integer("port", in: 0...65_535)
        configuration.threads = try integer("threads", in: 1...256)
        configuration.workers = try integer("workers", in: 1...256)
        configuration.backlog = try integer("backlog", in: 1...65_535)
        configuration.maxConnections = try integer("max-connections", in: 1...1_000_000)
        configuration.limits.maxHeaderBytes = try integer("max-header-bytes", in: 1_024...1_048_576)
        configuration.limits.maxBodyBytes = try integer("max-body-bytes", in: 0...1_073_741_824)
        configuration.limits.maxResponseBytes = try integer("max-response-bytes", in: 1_024...1_073_741_824)
        configuration.limitSettings = HTTPServerConfiguration.LimitSettings(
            maxHeaderBytes: knob("max-header-bytes"), maxBodyBytes: knob("max-body-bytes"))
        let budget = value("memory-budget")
        guard let bytes = MemoryLimit.parseBytes(budget), bytes >= configuration.limits.maxBodyBytes,
            bytes <= 1 << 40
        else {
            throw UsageError(
                "\(origin("memory-budget")) must be a number of bytes (K, M or G suffix) from the body limit "
                    + "(\(configuration.limits.maxBodyBytes)) to 1T, not \"\(budget)\"")
        }
        configuration.memoryBudget = bytes
        configuration.timeouts.requestHead = try seconds("request-timeout")
        configuration.timeouts.idle = try seconds("idle-timeout")
        configuration.timeouts.write = try seconds("write-timeout")
        configuration.shutdownGrace = try seconds("shutdown-grace")
        guard let format = LogFormat(rawValue: value("log-format")) else {
            throw UsageError("\(origin("log-format")) must be text, json or off, not \"\(value("log-format"))\"")
        }
        let cors: CORSPolicy
        do {
            cors = try CORSPolicy(parsing: value("cors-origins"))
        } catch {
            throw UsageError(
                "\(origin("cors-origins")) must be * or a comma list of origins (https://app.example), not \"\(error.entry)\""
            )
        }
        let maxStatuses = try integer("max-statuses", in: 1...1_000_000)
        return (configuration, format, cors, maxStatuses)
    }

    static func run(_ words: ArraySlice<String>, io: CommandIO) -> Int32 {
        let configuration: HTTPServerConfiguration
        let format: LogFormat
        let cors: CORSPolicy
        let maxStatuses: Int
        do {
            guard let parsed = try Self.configuration(words, environment: io.environment) else {
                io.writeOutput(Array(usage.utf8))
                return ExitStatus.success
            }
            (configuration, format, cors, maxStatuses) = parsed
        } catch {
            return io.usageError(error, command: "serve", usage: usage)
        }

        let application = Application(
            configuration: configuration, logFormat: format, cors: cors, maxStatuses: maxStatuses)
        do {
            try application.server.runUntilSignalled { port in
                let threads = configuration.threads == 1 ? "1 thread" : "\(configuration.threads) threads"
                io.writeError(
                    "timeline-layout \(TimelineLayoutCommand.version) listening on http://\(configuration.host):\(port) (\(threads))"
                )
                io.writeError("timeline-layout: memory budget \(MemoryLimit.describe(configuration.memoryBudget))")
            }
            io.writeError("timeline-layout: stopped")
            return ExitStatus.success
        } catch {
            io.writeError(
                "timeline-layout serve: cannot serve on \(configuration.host):\(configuration.port): \(error)")
            return ExitStatus.failure
        }
    }
}
