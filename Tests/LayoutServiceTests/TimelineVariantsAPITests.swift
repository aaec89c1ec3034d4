import Foundation
import HTTPServer
import Testing

@testable import LayoutService
@testable import PhotoLayout

/// `POST /v1/timeline/layout` with `variants` (docs/API.md §7, "Layout variants"), through a
/// running server: each variant's answer is the bytes of the single answer of its options,
/// every refusal is a problem at its pointer, `MAX_STATUSES` counts statuses once, and the
/// offline `layout` command prints what the server answers.
@Suite(.serialized)
struct TimelineVariantsAPITests {
    static let sets = [
        ("ios3x", #"{"style": "adaptive", "content_width": 355, "scale": 3}"#),
        ("android", #"{"style": "adaptive", "content_width": 392, "scale": 2}"#),
        ("web", "{}"),
    ]

    /// The body of sample `name` with `member` (`"options": {…}`) first in its top-level object.
    static func body(_ sample: String, _ member: String) throws -> [UInt8] {
        let text = String(decoding: try ServiceFixtures.sample(sample), as: UTF8.self)
        return Array(("{" + member + ", " + text.drop { $0 != "{" }.dropFirst()).utf8)
    }

    static var variantsMember: String {
        #""variants": {"# + sets.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
    }

    /// On every sample, the answer is `{"variants": {NAME: single answer, …}}` in the request's
    /// order, byte for byte.
    @Test func eachVariantIsTheServersSingleAnswer() throws {
        let service = try RunningService()
        let client = try service.client()
        for sample in [
            "client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012", "weibo-com-web-ajax",
            "m-weibo-cn-container",
        ] {
            var expected = Array(#"{"variants":{"#.utf8)
            for (index, (name, options)) in Self.sets.enumerated() {
                let single = try client.request(
                    "POST", "/v1/timeline/layout", body: try Self.body(sample, #""options": \#(options)"#))
                #expect(single.status == 200)
                if index > 0 { expected.append(UInt8(ascii: ",")) }
                expected += Array("\"\(name)\":".utf8) + single.body
            }
            expected += Array("}}".utf8)
            let response = try client.request(
                "POST", "/v1/timeline/layout", headers: ["Content-Type": "application/json"],
                body: try Self.body(sample, Self.variantsMember))
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.body == expected, "\(sample)")
        }
    }

    /// Every refusal: its status, problem type and pointers.
    @Test func refusalsArePointedProblems() throws {
        let service = try RunningService()
        let client = try service.client()
        let nine = (0..<9).map { #""v\#($0)": {}"# }.joined(separator: ", ")
        let cases: [(String, Int, String, [String])] = [
            (#""options": {}, "variants": {"a": {}}"#, 422, "invalid-value", ["#/variants"]),
            (#""variants": {}"#, 422, "invalid-value", ["#/variants"]),
            ("\"variants\": {\(nine)}", 422, "invalid-value", ["#/variants"]),
            (
                #""variants": {"ios 3x": {}, "a/b": {}}"#, 422, "invalid-value",
                ["#/variants/ios 3x", "#/variants/a~1b"]
            ),
            (#""variants": {"a": {}, "a": {}}"#, 422, "repeated-field", ["#/variants/a"]),
            (#""variants": {"a": {"scale": 3, "scale": 2}}"#, 422, "repeated-field", ["#/variants/a/scale"]),
            (#""variants": {"a": {"maxItems": 3}}"#, 422, "unknown-field", ["#/variants/a/maxItems"]),
            (
                #""variants": {"a": {"badge_size": {"width": 1, "heigth": 2}}}"#, 422, "unknown-field",
                ["#/variants/a/badge_size/heigth"]
            ),
            (#""variants": {"ok": {}, "a": {"style": "tiled"}}"#, 422, "invalid-value", ["#/variants/a/style"]),
            (
                #""variants": {"a": {"style": "adaptive"}, "b": {"scale": 0}}"#, 422, "invalid-value",
                ["#/variants/a/content_width", "#/variants/b/scale"]
            ),
            (#""variants": [{"scale": 3}]"#, 400, "wrong-type", ["#/variants"]),
            (#""variants": {"a": "adaptive"}"#, 400, "wrong-type", ["#/variants/a"]),
            (#""variants": {"a": {"scale": "3"}}"#, 400, "wrong-type", ["#/variants/a/scale"]),
        ]
        for (member, status, type, pointers) in cases {
            let body = Array(#"{"statuses": [], \#(member)}"#.utf8)
            let response = try client.request("POST", "/v1/timeline/layout", body: body)
            #expect(response.status == status, "\(member)")
            #expect(response.header("Content-Type") == "application/problem+json", "\(member)")
            let problem = try #require(try response.json() as? [String: Any])
            #expect(problem["type"] as? String == "urn:problem:timeline-layout:\(type)", "\(member)")
            let errors = try #require(problem["errors"] as? [[String: String]])
            #expect(errors.map { $0["pointer"] } == pointers, "\(member)")
        }
    }

    /// `MAX_STATUSES` counts the statuses once, whatever the number of variants: three statuses
    /// in eight variants pass a limit of 3, four do not.
    @Test func maxStatusesCountsStatusesOnce() throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 1
        let application = Application(configuration: configuration, logFormat: .off, maxStatuses: 3)
        let port = try application.server.start()
        defer {
            application.server.shutdown(grace: .seconds(1))
            application.server.waitUntilStopped()
        }
        let client = try TestHTTPClient(port: port)
        let eight = (0..<8).map { #""v\#($0)": {}"# }.joined(separator: ", ")
        for (count, status) in [(3, 200), (4, 422)] {
            let statuses = (0..<count).map { #"{"idstr": "\#($0)"}"# }.joined(separator: ",")
            let body = Array(#"{"statuses": [\#(statuses)], "variants": {\#(eight)}}"#.utf8)
            let response = try client.request("POST", "/v1/timeline/layout", body: body)
            #expect(response.status == status)
            if status == 200 {
                let json = try #require(try response.json() as? [String: [String: [String: [Any]]]])
                #expect(json["variants"]?.count == 8)
                #expect(json["variants"]?["v7"]?["statuses"]?.count == 3)
            }
        }
    }

    /// The offline command given a body with `variants` prints what the server answers, and a
    /// newline; its flags override the same field of every set.
    @Test func layoutCommandPrintsTheServersAnswer() throws {
        let service = try RunningService()
        let client = try service.client()
        let body = try Self.body("client-api-timeline", Self.variantsMember)
        let response = try client.request("POST", "/v1/timeline/layout", body: body)
        #expect(response.status == 200)
        let command = CapturedCommand()
        #expect(command.run(["layout", "in.json"], files: ["in.json": body]) == 0)
        #expect(command.stderr.isEmpty)
        #expect(Array(command.stdout.utf8) == response.body + [0x0A])

        // `--max-items 1` sets every set's max_items: the server's answer to the same sets with it.
        let limited =
            #""variants": {"ios3x": {"style": "adaptive", "content_width": 355, "scale": 3, "max_items": 1}, "#
            + #""android": {"style": "adaptive", "content_width": 392, "scale": 2, "max_items": 1}, "#
            + #""web": {"max_items": 1}}"#
        let limitedResponse = try client.request(
            "POST", "/v1/timeline/layout", body: try Self.body("client-api-timeline", limited))
        #expect(limitedResponse.status == 200)
        let flagged = CapturedCommand()
        #expect(flagged.run(["layout", "in.json", "--max-items", "1"], files: ["in.json": body]) == 0)
        #expect(Array(flagged.stdout.utf8) == limitedResponse.body + [0x0A])

        // A refusal is one line naming its pointer, exit status 1.
        let refused = CapturedCommand()
        #expect(refused.run(["layout", "-"], stdin: #"{"statuses": [], "variants": {}}"#) == 1)
        #expect(refused.stderr == ["timeline-layout layout: /variants: must name at least one option set"])
        // `--style adaptive` without a width anywhere is a command line that cannot run.
        let usage = CapturedCommand()
        #expect(
            usage.run(["layout", "-", "--style", "adaptive"], stdin: #"{"statuses": [], "variants": {"a": {}}}"#) == 64)
    }
}
