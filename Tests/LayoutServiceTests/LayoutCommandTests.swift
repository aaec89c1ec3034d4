import Foundation
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

    /// The command prints the same layout the core computes, as one JSON line.
    @Test func printsTheCoreLayout() throws {
        let bytes = try Self.sampleBytes()
        let command = CapturedCommand()
        #expect(command.run(["layout", Self.samplePath], files: [Self.samplePath: bytes]) == 0)
        #expect(command.stderr.isEmpty)
        let request = try FoundationTimelineReader().readTimeline(bytes)
        let expected = JSONOutput.bytes(TimelineRules.layout(for: request.statuses, options: GridOptions()))
        #expect(command.stdout.hasSuffix("}\n") && command.stdout.filter { $0 == "\n" }.count == 1)
        let printed = try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? NSDictionary
        let computed = try JSONSerialization.jsonObject(with: Data(expected)) as? NSDictionary
        #expect(printed != nil && printed == computed)
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

    /// Bad input: one line on stderr naming what and where, exit status 2, nothing on stdout.
    @Test(arguments: [
        (["layout", "-"], "not json", "malformed JSON"),
        (["layout", "-"], #"{"statuses": {}}"#, "/statuses: must be an array"),
        (["layout", "-"], #"{"timeline": []}"#, "no statuses found (its top-level keys: \"timeline\")"),
        (["layout", "-"], #"{"data": 1}"#, "/data: must be an object"),
        (["layout", "-", "--scale", "4"], "[]", "/options/scale: must be 1, 2 or 3"),
        (["layout", "-", "--scale", "big"], "[]", "--scale must be a number"),
        (["layout", "-", "--colour", "red"], "[]", "unknown option --colour"),
        (["layout", "missing.json"], "", "cannot read missing.json"),
        (["paint"], "", "unknown command \"paint\""),
    ])
    func badInputIsOneLineAndStatusTwo(arguments: [String], stdin: String, message: String) {
        let command = CapturedCommand()
        #expect(command.run(arguments, stdin: stdin) == 2)
        #expect(command.stderr.count == 1)
        #expect(command.stderr.first?.contains(message) == true, "\(command.stderr)")
        #expect(command.stdout.isEmpty)
    }

    /// --help prints the usage and succeeds.
    @Test func helpSucceeds() {
        let command = CapturedCommand()
        #expect(command.run(["layout", "--help"]) == 0)
        #expect(command.stdout.contains("--content-width"))
    }
}
