import Foundation

/// The sample timelines in `Fixtures/samples` (see its README), as bytes.
enum SampleFixtures {
    static let names = ["client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012"]

    static func bytes(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/samples")
        else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return Array(try Data(contentsOf: url))
    }
}
