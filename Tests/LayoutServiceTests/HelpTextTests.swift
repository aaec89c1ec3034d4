import Foundation
import HTTPServer
import PhotoLayout
import Testing

@testable import LayoutService

/// Every command's `--help`: aligned columns that never run together, within 100 characters.
struct HelpTextTests {
    /// Each help as the command prints it, by name (`nil`: the top level).
    static func printedHelp() -> [(name: String, text: String)] {
        [
            ("timeline-layout", ["--help"]), ("serve", ["serve", "--help"]), ("layout", ["layout", "--help"]),
            ("probe", ["probe", "--help"]),
        ].map { name, arguments in
            let command = CapturedCommand()
            #expect(command.run(arguments) == 0)
            return (name, command.stdout)
        }
    }

    /// No line of any help is longer than 100 characters or ends in spaces, and each ends in one newline.
    @Test func everyHelpFitsIn100Columns() {
        for (name, text) in Self.printedHelp() {
            #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"), "\(name)")
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.count <= 100, "\(name): \(line.count) columns: \(line)")
                #expect(!line.hasSuffix(" "), "\(name): trailing space: \(line)")
            }
        }
    }

    /// `serve --help`: one row per setting, the flag with its value's name, the environment
    /// variable, the default and the meaning in four columns at least two spaces apart, each
    /// column starting at the same place on every row (the environment variable at the same
    /// offset, the meaning too).
    @Test func serveSettingsInAlignedColumns() throws {
        let text = ServeCommand.usage
        var envColumns: Set<Int> = []
        var meaningColumns: Set<Int> = []
        for setting in ServeCommand.settings {
            let flag = "  --\(setting.flag) \(ServeCommand.placeholder(setting.flag))"
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(flag + " ") }, "\(flag)")
            let fallback = setting.fallback.isEmpty ? "none" : setting.fallback
            let cells = line.split(separator: "  ", omittingEmptySubsequences: true).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(cells.count == 4, "\(line)")
            #expect(cells.first == flag.trimmingCharacters(in: .whitespaces))
            #expect(cells.dropFirst().first == setting.env)
            #expect(cells.dropFirst(2).first == fallback)
            #expect(setting.meaning.hasPrefix(cells.last ?? "-"), "\(line)")
            envColumns.insert(try #require(line.range(of: "  " + setting.env + " ")).lowerBound.utf16Offset(in: line))
            meaningColumns.insert(
                try #require(line.range(of: "  " + (cells.last ?? ""))).lowerBound.utf16Offset(in: line))
        }
        #expect(envColumns.count == 1 && meaningColumns.count == 1)
        // The case the columns once ran together on.
        #expect(text.contains("--max-response-bytes BYTES  MAX_RESPONSE_BYTES  16777216"))
    }

    /// Every duration flag says its unit: SECONDS in the flag, "seconds" in the meaning.
    @Test func durationsSayTheirUnit() {
        for flag in ["request-timeout", "idle-timeout", "write-timeout", "shutdown-grace"] {
            #expect(ServeCommand.placeholder(flag) == "SECONDS")
            #expect(ServeCommand.settings.first { $0.flag == flag }?.meaning.hasPrefix("seconds") == true)
        }
        #expect(ProbeCommand.usage.contains("[--timeout SECONDS]"))
        #expect(ProbeCommand.usage.contains("--timeout SECONDS  "))
    }

    /// One word for the I/O threads: "event loops", in the help as in the README.
    @Test func threadsAreEventLoops() {
        #expect(ServeCommand.settings.first { $0.flag == "threads" }?.meaning.hasPrefix("I/O event loops") == true)
        #expect(!ServeCommand.usage.contains("I/O queue"))
    }

    /// The defaults `serve --help` prints are the configuration's own.
    @Test func defaultsAreTheConfigurations() throws {
        let parsed = try #require(try ServeCommand.configuration([], environment: [:]))
        let configuration = HTTPServerConfiguration()
        #expect(parsed.0.port == configuration.port && parsed.0.backlog == configuration.backlog)
        #expect(parsed.0.timeouts.requestHead == configuration.timeouts.requestHead)
        #expect(parsed.0.timeouts.write == configuration.timeouts.write)
        #expect(parsed.0.shutdownGrace == configuration.shutdownGrace)
        #expect(parsed.0.limits.maxResponseBytes == configuration.limits.maxResponseBytes)
        #expect(parsed.maxStatuses == LayoutAPI.defaultMaxStatuses)
        #expect(ServeCommand.seconds(.seconds(10)) == "10" && ServeCommand.seconds(.milliseconds(1500)) == "1.5")
    }

    /// Columns: the last cell wraps under itself; cells of other columns pad to the widest.
    @Test func columnsWrapTheLastCell() {
        let text = HelpText.columns([["a", "one two three four"], ["bbb", "x"]], indent: 1)
        #expect(HelpText.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(text == " a    one two three four\n bbb  x\n")
        let narrow = HelpText.columns([["--flag", String(repeating: "word ", count: 30)]])
        let lines = narrow.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.count <= 100 })
        #expect(lines[1].hasPrefix(String(repeating: " ", count: 10) + "word"))
    }

    /// The README's configuration table repeats the settings `serve` reads, with the same
    /// flags, variables and defaults (the machine-dependent defaults as the README words them),
    /// in the same order: the defaults are stated once, in the configuration, and checked here.
    @Test func readmeConfigurationTableMatchesTheSettings() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `--") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let documented = rows.map { "\($0[0]) \($0[1]) \($0[2])" }
        let expected = ServeCommand.settings.map { setting in
            let machineDependent = [
                "threads": "cores", "workers": "cores", "memory-budget": "75 % of the cgroup memory limit, else 1G",
            ]
            let fallback = machineDependent[setting.flag] ?? (setting.fallback.isEmpty ? "none" : setting.fallback)
            return "`--\(setting.flag)` `\(setting.env)` \(fallback)"
        }
        #expect(documented == expected)
    }

    /// The offline command's help prints the grid defaults the rules use.
    @Test func layoutHelpDefaultsAreTheRules() {
        let text = LayoutCommand.usage
        #expect(text.contains("(default 2)") && text.contains("cell side (default 70)"))
        #expect(text.contains("(default 10 classic, 4 adaptive, 2 mosaic)") && text.contains("(default 9; mosaic 10"))
        #expect(text.contains("--style NAME") && text.contains("adaptive or mosaic"))
        #expect(text.contains("--min-item-width POINTS") && text.contains("(default 100;"))
        #expect(
            text.contains("(default 28x18)") && text.contains("--play-badge-size WxH")
                && text.contains("(default 48x48)"))
        #expect(LayoutCommand.number(GridOptions.defaultItemSize) == "70" && LayoutCommand.number(2.5) == "2.5")
    }
}
