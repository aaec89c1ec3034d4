import PhotoLayout

/// The executable's entry: picks the subcommand and runs it. `main.swift` only calls this.
public enum TimelineLayoutCommand {
    public static let version = "0.1.0"

    static let usage = """
        timeline-layout \(version): photo layouts for Weibo-style timelines.

        Usage:
          timeline-layout layout [FILE|-] [options]   print the layout of a timeline file
          timeline-layout --help | --version

        Run "timeline-layout layout --help" for the layout command's options.
        """

    /// Runs the command line `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String], io: CommandIO = .process) -> Int32 {
        let reader = FoundationTimelineReader()
        switch arguments.first {
        case "layout":
            return LayoutCommand.run(arguments.dropFirst(), io: io, reader: reader)
        case "--help", "-h", "help", nil:
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
