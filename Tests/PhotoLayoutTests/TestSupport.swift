import Foundation
import JSONBytes
import ReferenceTimelineReader
import Testing

@testable import PhotoLayout

/// Fixture files live beside the tests (found from this file's path, so that golden files
/// can be re-recorded in place).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(relativePath)))
    }

    static let sampleNames = [
        "client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012", "weibo-com-web-ajax",
        "m-weibo-cn-container",
    ]

    static func sample(_ name: String) throws -> [UInt8] {
        try bytes("samples/\(name).json")
    }

    static func read(_ json: String) throws(InputError) -> TimelineRequest {
        try FoundationTimelineReader().readTimeline(Array(json.utf8))
    }
}

/// Golden files: sorted, pretty-printed JSON under Fixtures/golden/, compared byte for byte.
/// They are the response writer's own output in its indented mode (`--pretty`), a newline
/// after it. `RECORD_SNAPSHOTS=1 swift test` rewrites them, and fails, so that recording is
/// never silent.
enum Golden {
    static func encoded(_ value: some JSONByteEncodable) -> Data {
        Data(JSONByteWriter.encode(value, indented: true) + [0x0A])
    }

    static func check(
        _ value: some JSONByteEncodable, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = Fixtures.directory.appendingPathComponent("golden/\(name).json")
        let actual = encoded(value)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url)
            Issue.record(
                "recorded \(url.lastPathComponent); unset RECORD_SNAPSHOTS to compare", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record(
                "no golden file \(url.path); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(
            String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            sourceLocation: sourceLocation)
    }
}
