import Foundation
import HTTPServer
import Testing

@testable import LayoutService

/// docs/API.md §8 "What one request may cost", at the service: statuses per request and response
/// bytes are bounded (422 / 413 with a problem), shedding is counted in /metrics, and the
/// bounds are flags and environment variables.
@Suite(.serialized)
struct RequestCostTests {
    /// `n` statuses with no pictures.
    static func timeline(_ count: Int) -> [UInt8] {
        Array(("{\"statuses\": [" + Array(repeating: "{}", count: count).joined(separator: ",") + "]}").utf8)
    }

    /// With a limit of 3 statuses: 3 are laid out, 4 are 422 with the pointer `#/statuses`.
    @Test func statusesPerRequestAreBounded() throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        let application = Application(configuration: configuration, logFormat: .off, maxStatuses: 3)
        let port = try application.server.start()
        defer {
            application.server.shutdown(grace: .seconds(1))
            application.server.waitUntilStopped()
        }
        let client = try TestHTTPClient(port: port)
        #expect(try client.request("POST", "/v1/timeline/layout", body: Self.timeline(3)).status == 200)
        let refused = try client.request("POST", "/v1/timeline/layout", body: Self.timeline(4))
        #expect(refused.status == 422)
        #expect(refused.header("Content-Type") == "application/problem+json")
        let problem = try #require(try refused.json() as? [String: Any])
        let errors = try #require(problem["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == ["#/statuses"])
        #expect(errors.first?["detail"] == "has 4 statuses; at most 3 are laid out per request")
    }

    /// The default is 1 000: 1 000 statuses pass, 1 001 do not.
    @Test func defaultStatusesLimit() throws {
        let service = try RunningService()
        let client = try service.client()
        #expect(LayoutAPI.defaultMaxStatuses == 1_000)
        #expect(try client.request("POST", "/v1/timeline/layout", body: Self.timeline(1_000)).status == 200)
        #expect(try client.request("POST", "/v1/timeline/layout", body: Self.timeline(1_001)).status == 422)
    }

    /// A response body over `--max-response-bytes` is replaced by 413 problem+json; /metrics
    /// exposes the shed counter (0 here: nothing was shed).
    @Test func responseBytesAreBounded() throws {
        let service = try RunningService { $0.limits.maxResponseBytes = 2_048 }
        let client = try service.client()
        let body = try ServiceFixtures.sample("open-api-timeline-2020")
        let response = try client.request("POST", "/v1/timeline/layout", body: body)
        #expect(response.status == 413)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(try client.request("GET", "/v1/grid?count=1").status == 200)
        // /metrics itself is over 2 KiB (process and per-route series): read it from a service
        // with the default limit.
        let defaults = try RunningService()
        let metrics = String(decoding: try defaults.client().request("GET", "/metrics").body, as: UTF8.self)
        #expect(metrics.contains("\ntimeline_layout_requests_shed_total 0\n"))
    }

    /// The new bounds are flags, with environment fallbacks, and `--help` lists them.
    @Test func boundsAreConfigurable() throws {
        let parsed = try #require(
            try ServeCommand.configuration(
                ["--max-statuses", "5", "--write-timeout", "2.5"],
                environment: ["MAX_RESPONSE_BYTES": "4096"]
            )
        )
        #expect(parsed.maxStatuses == 5)
        #expect(parsed.0.timeouts.write == .milliseconds(2_500))
        #expect(parsed.0.limits.maxResponseBytes == 4_096)
        let defaults = try #require(try ServeCommand.configuration([], environment: [:]))
        #expect(defaults.maxStatuses == 1_000)
        #expect(defaults.0.timeouts.write == .seconds(30))
        #expect(defaults.0.limits.maxResponseBytes == 16 << 20)
        #expect(throws: UsageError.self) { try ServeCommand.configuration(["--max-statuses", "0"], environment: [:]) }
        for flag in ["--max-statuses", "--max-response-bytes", "--write-timeout"] {
            #expect(ServeCommand.usage.contains(flag))
        }
    }
}
