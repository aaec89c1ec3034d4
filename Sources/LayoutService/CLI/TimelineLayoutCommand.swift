import PhotoLayout

/// The executable's entry: picks the subcommand and runs it. `main.swift` only calls this.
public enum TimelineLayoutCommand {
    public static let version = "0.1.0"

    static let usage = """
        timeline-layout \(version): photo layouts for Weibo-style timelines.

        Usage:
          timeline-layout [serve] [options]           serve the HTTP API (the default)
          timeline-layout layout [FILE|-] [options]   print the layout of a timeline file
          timeline-layout probe [--url URL]           exit 0 when URL answers 200 (health checks)
          timeline-layout --help | --version

        Run "timeline-layout COMMAND --help" for a command's options.
        """

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
        case "--help", "-h", "help":
            io.writeOutput(Array((usage + "\n").utf8))
            return 0
        case "--version":
            io.writeOutput(Array("timeline-layout \(version)\n".utf8))
            return 0
        case let other?:
            io.writeError("timeline-layout: unknown command \"\(other)\"; see timeline-layout --help")
            return 2
        }
    }
}
