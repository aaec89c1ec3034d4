import Foundation
import HTTPServer
import Testing

@testable import LayoutService

/// A running service on an ephemeral loopback port, stopped when the test ends.
final class RunningService {
    let application: Application
    let port: Int

    init(cors: CORSPolicy = .none, configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        configure(&configuration)
        application = Application(configuration: configuration, logFormat: .off, cors: cors)
        port = try application.server.start()
    }

    func client() throws -> TestHTTPClient { try TestHTTPClient(port: port) }

    deinit {
        application.server.shutdown(grace: .seconds(1))
        application.server.waitUntilStopped()
    }
}

enum ServiceFixtures {
    static let samplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("PhotoLayoutTests/Fixtures/samples")

    static func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: samplesDirectory.appendingPathComponent("\(name).json")))
    }

    /// A golden layout (`Tests/PhotoLayoutTests/Fixtures/golden/NAME.json`), recomputed by the
    /// independent Python oracle: what the server's answers are compared with, so that a layout
    /// bug cannot show on both sides of a comparison.
    static func golden(_ name: String) throws -> NSDictionary? {
        let url = samplesDirectory.deletingLastPathComponent().appendingPathComponent("golden/\(name).json")
        return try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? NSDictionary
    }
}
