import Foundation

/// The real Weibo responses the tests read (PhotoLayoutTests' fixtures), found from this
/// file's path.
package enum Samples {
    package static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PhotoLayoutTests/Fixtures/samples").standardizedFileURL

    package static let names = [
        "client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012", "weibo-com-web-ajax",
        "m-weibo-cn-container",
    ]

    /// The bytes of sample `name` (without `.json`).
    package static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent("\(name).json")))
    }
}
