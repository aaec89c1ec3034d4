import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import LayoutService
@testable import PhotoLayout

/// Runs the command line in-process with captured standard streams.
final class CapturedCommand: Sendable {
    let output = Mutex<[UInt8]>([])
    let errors = Mutex<[String]>([])

    func run(_ arguments: [String], stdin: String = "", files: [String: [UInt8]] = [:]) -> Int32 {
        let io = CommandIO(
            readFile: { path in
                guard let bytes = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
                return bytes
            },
            readStandardInput: { Array(stdin.utf8) },
            writeOutput: { bytes in self.output.withLock { $0 += bytes } },
            writeError: { line in self.errors.withLock { $0.append(line) } },
            environment: [:]
        )
        return TimelineLayoutCommand.run(arguments, io: io)
    }

    var stdout: String { output.withLock { String(decoding: $0, as: UTF8.self) } }
    var stderr: [String] { errors.withLock { $0 } }
}

struct LayoutCommandTests {
    static let samplePath = "client-api-timeline.json"

    static func sampleBytes() throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PhotoLayoutTests/Fixtures/samples/client-api-timeline.json")
        return Array(try Data(contentsOf: url))
    }

    /// The command prints the golden layout (the one the independent Python oracle recomputes),
    /// as one JSON line; with the adaptive flags, the adaptive golden layout.
    @Test(arguments: [
        ([String](), "client-api-timeline.classic"),
        (["--style", "adaptive", "--content-width", "355", "--scale", "3"], "client-api-timeline.adaptive-355@3x"),
        (["--style", "mosaic", "--content-width", "355", "--scale", "3"], "client-api-timeline.mosaic-355@3x"),
    ])
    func printsTheGoldenLayout(flags: [String], golden: String) throws {
        let bytes = try Self.sampleBytes()
        let command = CapturedCommand()
        #expect(command.run(["layout", Self.samplePath] + flags, files: [Self.samplePath: bytes]) == 0)
        #expect(command.stderr.isEmpty)
        #expect(command.stdout.hasSuffix("}\n") && command.stdout.filter { $0 == "\n" }.count == 1)
        let printed = try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? NSDictionary
        let expected = try #require(try ServiceFixtures.golden(golden))
        #expect(printed == expected)
    }

    /// Flags override options: adaptive at 355 points, scale 3, read from standard input.
    @Test func flagsOverrideOptionsFromStandardInput() throws {
        let command = CapturedCommand()
        let stdin =
            #"{"statuses": [{"idstr": "7", "pic_urls": [{"thumbnail_pic": "http://h/thumbnail/a.jpg"}, {"thumbnail_pic": "http://h/thumbnail/b.jpg"}]}], "options": {"style": "classic"}}"#
        #expect(
            command.run(["layout", "-", "--style=adaptive", "--content-width", "355", "--scale", "3"], stdin: stdin)
                == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? [String: Any])
        let photos = try #require(((json["statuses"] as? [[String: Any]])?.first?["photos"]) as? [String: Any])
        let size = try #require(photos["size"] as? [String: Double])
        // Two cells of c = 347/3 with g = 4: width 2·(c + g) − g = 706/3.
        #expect(size == ["width": 706.0 / 3, "height": 347.0 / 3])
    }

    /// Bad input: one line on stderr naming what and where, exit status 1, nothing on stdout.
    @Test(arguments: [
        (["layout", "-"], "not json", "malformed JSON"),
        (["layout", "-"], #"{"statuses": {}}"#, "/statuses: must be an array"),
        (["layout", "-"], #"{"timeline": []}"#, "no statuses found (its top-level keys: \"timeline\")"),
        (["layout", "-"], #"{"data": 1}"#, "/data: must be an object"),
        (["layout", "-"], #"{"statuses": [], "options": {"scale": 4}}"#, "/options/scale: must be 1, 2 or 3"),
        (
            ["layout", "-"], #"{"statuses": [], "options": {"style": "adaptive"}}"#,
            "/options/content_width: is required"
        ),
        (["layout", "missing.json"], "", "cannot read missing.json"),
    ])
    func badInputIsOneLineAndStatusOne(arguments: [String], stdin: String, message: String) {
        let command = CapturedCommand()
        #expect(command.run(arguments, stdin: stdin) == 1)
        #expect(command.stderr.count == 1)
        #expect(command.stderr.first?.contains(message) == true, "\(command.stderr)")
        #expect(command.stdout.isEmpty)
    }

    /// A command line that cannot run: the error naming the flag (never a JSON pointer), the
    /// usage line, where to read more, exit status 64 (swift-argument-parser's convention);
    /// checked before any input is read, so a missing file does not hide a bad flag.
    @Test(
        arguments: [
            (["layout", "missing.json", "--style", "tiled"], "--style: unknown style \"tiled\"", "layout"),
            (["layout", "-", "--scale", "4"], "--scale: must be 1, 2 or 3", "layout"),
            (["layout", "-", "--scale", "big"], "--scale must be a number", "layout"),
            (["layout", "-", "--max-items", "0", "--spacing", "-1"], "--spacing: must not be negative", "layout"),
            (["layout", "-", "--colour", "red"], "unknown option --colour", "layout"),
            (["layout", "a.json", "b.json"], "expected at most one FILE", "layout"),
            (["layout", "-", "--style", "adaptive"], "--style adaptive needs --content-width POINTS", "layout"),
            (["layout", "-", "--style", "mosaic"], "--style mosaic needs --content-width POINTS", "layout"),
            (
                ["layout", "-", "--min-item-width", "50"], "--min-item-width: is an option of the mosaic style only",
                "layout"
            ),
            (
                ["layout", "-", "--style", "mosaic", "--content-width", "200"],
                "--content-width: must be at least 2 × min_item_width + 2 × spacing", "layout"
            ),
            (["layout", "-", "--badge-size", "28"], "--badge-size must be WIDTHxHEIGHT in points", "layout"),
            (["layout", "-", "--badge-size", "0x18"], "--badge-size: width and height must be positive", "layout"),
            (
                ["layout", "-", "--play-badge-size", "48"],
                "--play-badge-size must be WIDTHxHEIGHT in points, as 48x48",
                "layout"
            ),
            (
                ["layout", "-", "--play-badge-size", "48x-1"], "--play-badge-size: width and height must be positive",
                "layout"
            ),
            (["paint"], "unknown command \"paint\"", nil),
            (["help", "paint"], "unknown command \"paint\"", nil),
            (["serve", "--port", "http"], "--port must be a whole number from 0 to 65535, not \"http\"", "serve"),
            (["serve", "--cors-origins", "app.example"], "--cors-origins must be * or a comma list", "serve"),
            (["probe", "--url", "https://x"], "--url must be an http:// URL", "probe"),
        ] as [([String], String, String?)])
    func usageErrorsShowTheUsageAndExit64(arguments: [String], message: String, command name: String?) {
        let command = CapturedCommand()
        #expect(command.run(arguments, stdin: "[]") == 64)
        let stderr = command.stderr
        #expect(stderr.count == 3, "\(stderr)")
        #expect(stderr.first?.hasPrefix("timeline-layout\(name.map { " \($0)" } ?? ""): ") == true, "\(stderr)")
        #expect(stderr.first?.contains(message) == true, "\(stderr)")
        #expect(stderr.dropFirst().first?.hasPrefix("Usage: timeline-layout ") == true)
        #expect(stderr.last == "  See 'timeline-layout help\(name.map { " \($0)" } ?? "")' for more information.")
        #expect(command.stdout.isEmpty)
    }

    /// A bad environment value is reported under the variable's name; the flag, when given,
    /// wins over it and is named instead.
    @Test func environmentValuesAreNamedAsSuch() throws {
        #expect(throws: UsageError("environment variable PORT must be a whole number from 0 to 65535, not \"abc\"")) {
            _ = try ServeCommand.configuration([], environment: ["PORT": "abc"])
        }
        #expect(
            throws: UsageError("environment variable REQUEST_TIMEOUT must be a number of seconds above 0, not \"0\"")
        ) {
            _ = try ServeCommand.configuration([], environment: ["REQUEST_TIMEOUT": "0"])
        }
        #expect(throws: UsageError("--port must be a whole number from 0 to 65535, not \"x\"")) {
            _ = try ServeCommand.configuration(["--port", "x"], environment: ["PORT": "8080"])
        }
        let parsed = try #require(
            try ServeCommand.configuration(["--port", "9000"], environment: ["PORT": "abc", "CORS_ORIGINS": "*"]))
        #expect(parsed.0.port == 9000 && parsed.2 == .any)
    }

    /// `--workers` / `WORKERS` size the worker pool; both default to the cores available.
    @Test func workersFlagAndEnvironment() throws {
        let defaults = try #require(try ServeCommand.configuration([], environment: [:]))
        #expect(defaults.0.workers == CPUQuota.availableCores && defaults.0.threads == CPUQuota.availableCores)
        let flagged = try #require(try ServeCommand.configuration(["--workers", "3"], environment: ["WORKERS": "5"]))
        #expect(flagged.0.workers == 3)
        let fromEnvironment = try #require(try ServeCommand.configuration([], environment: ["WORKERS": "5"]))
        #expect(fromEnvironment.0.workers == 5)
        #expect(throws: UsageError("environment variable WORKERS must be a whole number from 1 to 256, not \"0\"")) {
            _ = try ServeCommand.configuration([], environment: ["WORKERS": "0"])
        }
        #expect(ServeCommand.usage.contains("--workers N") && ServeCommand.usage.contains("WORKERS"))
    }

    /// `help COMMAND` prints that command's help, as `COMMAND --help` does.
    @Test(arguments: ["serve", "layout", "probe"])
    func helpForACommand(name: String) {
        let viaHelp = CapturedCommand()
        #expect(viaHelp.run(["help", name]) == 0)
        let viaFlag = CapturedCommand()
        #expect(viaFlag.run([name, "--help"]) == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.hasPrefix("Usage: timeline-layout "))
        #expect(viaHelp.stdout.contains(name == "serve" ? "HTTP/2" : name))
    }

    /// --help prints the usage and succeeds.
    @Test func helpSucceeds() {
        let command = CapturedCommand()
        #expect(command.run(["layout", "--help"]) == 0)
        #expect(command.stdout.contains("--content-width"))
    }

    /// An unreadable path is one plain line, the system's reason (not a Foundation error
    /// code), with exit status 1: a directory, a missing file.
    @Test func unreadablePathsArePlainMessages() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let cases = [
            (directory, "cannot read \(directory): Is a directory"),
            ("/nonexistent/timeline.json", "cannot read /nonexistent/timeline.json: No such file or directory"),
        ]
        for (path, message) in cases {
            let errors = Mutex<[String]>([])
            let io = CommandIO(
                readFile: { try FileBytes.read($0) }, readStandardInput: { [] }, writeOutput: { _ in },
                writeError: { line in errors.withLock { $0.append(line) } }, environment: [:])
            #expect(TimelineLayoutCommand.run(["layout", path], io: io) == 1)
            #expect(errors.withLock { $0 } == ["timeline-layout layout: \(message)"])
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString).json")
        try Data("[]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try FileBytes.read(file.path) == Array("[]".utf8))
    }

    /// The adaptive style named by a flag is satisfied by the input's own `content_width`.
    @Test func adaptiveFlagWithTheInputsWidth() {
        let command = CapturedCommand()
        let stdin = #"{"statuses": [], "options": {"content_width": 355}}"#
        #expect(command.run(["layout", "-", "--style", "adaptive"], stdin: stdin) == 0)
        #expect(command.stdout == "{\"statuses\":[]}\n")
    }

    /// `--` ends the options: a file whose name starts with `--` is read as the FILE.
    @Test func doubleDashEndsOptions() throws {
        let command = CapturedCommand()
        #expect(command.run(["layout", "--pretty", "--", "--style"], files: ["--style": Array("[]".utf8)]) == 0)
        #expect(command.stdout == "{\n  \"statuses\" : []\n}\n")
        let twoFiles = CapturedCommand()
        #expect(twoFiles.run(["layout", "--", "a", "--b"]) == 64)
        #expect(twoFiles.stderr.first == "timeline-layout layout: expected at most one FILE, got 2")
    }

    /// `--badge-size WxH` sizes the corner badges, still in each cell's bottom-right corner:
    /// every 28×18 badge of the client-API sample (the first at (42, 52) in a 70-point cell)
    /// becomes 30×20 at 2 points left and up ((70 − 30, 70 − 20) for the first).
    @Test func badgeSizeFlag() throws {
        let bytes = try Self.sampleBytes()
        func badges(_ flags: [String]) throws -> [[String: Double]] {
            let command = CapturedCommand()
            #expect(command.run(["layout", Self.samplePath] + flags, files: [Self.samplePath: bytes]) == 0)
            return try command.stdout.components(separatedBy: #""badge":{"kind":"long","frame":"#).dropFirst().map {
                let object = try JSONSerialization.jsonObject(with: Data(($0.prefix { $0 != "}" } + "}").utf8))
                return try #require(object as? [String: Double])
            }
        }
        let standard = try badges([])
        let larger = try badges(["--badge-size", "30×20"])
        #expect(try badges(["--badge-size", "28x18"]) == standard)
        #expect(standard.first == ["x": 42, "y": 52, "width": 28, "height": 18])
        #expect(larger.first == ["x": 40, "y": 50, "width": 30, "height": 20])
        #expect(standard.count == larger.count && standard.count > 1)
        for (before, after) in zip(standard, larger) {
            #expect(after == ["x": before["x"]! - 2, "y": before["y"]! - 2, "width": 30, "height": 20])
        }
    }

    /// A stray name inside the input's `badge_size` is the input's error (exit 1, named at its
    /// pointer); `--badge-size` replaces the whole object, its stray names with it;
    /// `--play-badge-size` is accepted as `--badge-size` is.
    @Test func sizeFlagsReplaceTheInputsObject() {
        let input = #"{"statuses": [], "options": {"badge_size": {"widht": 30, "height": 20}}}"#
        let typo = CapturedCommand()
        #expect(typo.run(["layout", "-"], stdin: input) == 1)
        #expect(
            typo.stderr
                == ["timeline-layout layout: /options/badge_size/widht: unknown name; expected one of: width, height"])
        let replaced = CapturedCommand()
        #expect(replaced.run(["layout", "-", "--badge-size", "30x20"], stdin: input) == 0)
        #expect(replaced.stdout == #"{"statuses":[]}"# + "\n")
        let play = CapturedCommand()
        #expect(play.run(["layout", "-", "--play-badge-size", "40x40"], stdin: #"{"statuses": []}"#) == 0)
        #expect(play.stdout == #"{"statuses":[]}"# + "\n")
    }
}
