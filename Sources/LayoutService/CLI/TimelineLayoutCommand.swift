import PhotoLayout

/// The executable's entry: picks the subcommand and runs it. `main.swift` only calls this.
public enum TimelineLayoutCommand {
    public static let version = "0.1.0"

    static let usage =
        "timeline-layout \(version): photo layouts for Weibo-style timelines.\n\n"
        + "Usage: timeline-layout [COMMAND] [options]\n\nCommands:\n"
        + HelpText.columns([
            ["timeline-layout [serve] [options]", "serve the HTTP API (the default)"],
            ["timeline-layout layout [FILE|-] [options]", "print the layout of a timeline file"],
            ["timeline-layout probe [--url URL]", "exit 0 when URL answers 200 (health checks)"],
            ["timeline-layout help [COMMAND]", "this help, or a command's options"],
            ["timeline-layout --version", "print the version"],
        ])
        + "\n"
        + HelpText.paragraph(
            "Run \"timeline-layout help COMMAND\" (or \"timeline-layout COMMAND --help\") for a command's options. "
                + "Exit status: 0 success, 1 failure, 64 a command line that cannot run.")

    /// Each command's help text.
    static let commandUsages = [
        "serve": ServeCommand.usage, "layout": LayoutCommand.usage, "probe": ProbeCommand.usage,
    ]

    /// Runs the command line `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String], io: CommandIO = .process) -> Int32 {
        let reader = ByteTimelineReader()
        switch arguments.first {
        case "layout":
            return LayoutCommand.run(arguments.dropFirst(), io: io, reader: reader)
        case "serve":
            return ServeCommand.run(arguments.dropFirst(), io: io)
        case "probe":
            return ProbeCommand.run(arguments.dropFirst(), io: io)
        case nil:
            return ServeCommand.run([], io: io)
        case let flag? where flag.hasPrefix("--") && flag != "--help" && flag != "--version":
            // Options without a command are the server's: `timeline-layout --port 9000`.
            return ServeCommand.run(arguments[...], io: io)
        case "help" where arguments.count > 1:
            // `help serve`: that command's help, as `serve --help` prints it.
            guard arguments.count == 2, let text = commandUsages[arguments[1]] else {
                let error = UsageError("unknown command \"\(arguments.dropFirst().joined(separator: " "))\"")
                return io.usageError(error, command: nil, usage: usage)
            }
            io.writeOutput(Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
            return ExitStatus.success
        case "--help", "-h", "help":
            io.writeOutput(Array(usage.utf8))
            return ExitStatus.success
        case "--version":
            io.writeOutput(Array("timeline-layout \(version)\n".utf8))
            return ExitStatus.success
        case let other?:
            return io.usageError(UsageError("unknown command \"\(other)\""), command: nil, usage: usage)
        }
    }
}
