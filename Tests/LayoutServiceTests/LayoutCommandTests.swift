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
        (["layout", "-", "--style", "adaptive"], "[]", "/options/content_width: is required"),
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
            (["layout", "missing.json", "--style", "mosaic"], "--style: unknown style \"mosaic\"", "layout"),
            (["layout", "-", "--scale", "4"], "--scale: must be 1, 2 or 3", "layout"),
            (["layout", "-", "--scale", "big"], "--scale must be a number", "layout"),
            (["layout", "-", "--max-items", "0", "--spacing", "-1"], "--spacing: must not be negative", "layout"),
            (["layout", "-", "--colour", "red"], "unknown option --colour", "layout"),
            (["layout", "a.json", "b.json"], "expected at most one FILE", "layout"),
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
}
