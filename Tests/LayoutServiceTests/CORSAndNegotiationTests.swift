import Foundation
import HTTPServer
import Testing

@testable import LayoutService

/// docs/API.md §7's CORS paragraph and content negotiation, over real sockets: OPTIONS and preflights,
/// CORS headers on responses, 406, and `Retry-After` on 503.
@Suite(.serialized)
struct CORSAndNegotiationTests {
    static let origin = "https://app.example"

    static func values(_ response: TestHTTPClient.Response, _ name: String) -> [String] {
        response.headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
    }

    /// Without --cors-origins: OPTIONS answers 204 with Allow and not one CORS header, even to
    /// a preflight; other responses carry none either.
    @Test func withoutTheFlagOptionsIsAllowOnly() throws {
        let service = try RunningService()
        let client = try service.client()
        let preflight = try client.request(
            "OPTIONS", "/v1/timeline/layout",
            headers: ["Origin": Self.origin, "Access-Control-Request-Method": "POST"])
        #expect(preflight.status == 204)
        #expect(preflight.header("Allow") == "OPTIONS, POST")
        #expect(preflight.body.isEmpty)
        let grid = try client.request("OPTIONS", "/v1/grid")
        #expect(grid.status == 204 && grid.header("Allow") == "OPTIONS, GET, HEAD")
        let health = try client.request("GET", "/healthz", headers: ["Origin": Self.origin])
        for response in [preflight, grid, health] {
            #expect(!response.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
            #expect(Self.values(response, "Vary").allSatisfy { !$0.contains("Origin") })
        }
        // An unknown path is still 404, OPTIONS or not.
        #expect(try client.request("OPTIONS", "/nowhere").status == 404)
    }

    /// A listed origin's preflight gets the route's methods, the allowed headers, a day's
    /// max age and Vary: Origin; its requests get the origin back and the exposed headers.
    @Test func listedOriginPreflightAndResponse() throws {
        let service = try RunningService(cors: .origins([Self.origin, "http://localhost:3000"]))
        let client = try service.client()
        let preflight = try client.request(
            "OPTIONS", "/v1/timeline/layout",
            headers: [
                "Origin": Self.origin, "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type",
            ])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == Self.origin)
        #expect(preflight.header("Access-Control-Allow-Methods") == "POST")
        #expect(preflight.header("Access-Control-Allow-Headers") == "Content-Type, Content-Encoding, X-Request-Id")
        #expect(preflight.header("Access-Control-Max-Age") == "86400")
        #expect(Self.values(preflight, "Vary") == ["Origin"])
        #expect(preflight.header("Allow") == "OPTIONS, POST")

        let gridPreflight = try client.request(
            "OPTIONS", "/v1/grid", headers: ["Origin": Self.origin, "Access-Control-Request-Method": "GET"])
        #expect(gridPreflight.header("Access-Control-Allow-Methods") == "GET, HEAD")

        let layout = try client.request(
            "POST", "/v1/timeline/layout", headers: ["Origin": Self.origin, "Content-Type": "application/json"],
            body: Array(#"{"statuses": []}"#.utf8))
        #expect(layout.status == 200)
        #expect(layout.header("Access-Control-Allow-Origin") == Self.origin)
        #expect(layout.header("Access-Control-Expose-Headers") == "X-Request-Id, ETag")
        #expect(Self.values(layout, "Vary").contains("Origin"))

        // Errors carry the grant too, or the page could not read the problem.
        let problem = try client.request(
            "POST", "/v1/timeline/layout", headers: ["Origin": Self.origin], body: Array("{".utf8))
        #expect(problem.status == 400 && problem.header("Access-Control-Allow-Origin") == Self.origin)

        // Another origin: no grant, but still Vary: Origin (the answer depends on it).
        let stranger = try client.request(
            "OPTIONS", "/v1/timeline/layout",
            headers: ["Origin": "https://evil.example", "Access-Control-Request-Method": "POST"])
        #expect(stranger.status == 204)
        #expect(!stranger.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
        #expect(Self.values(stranger, "Vary") == ["Origin"])
        let strangerGet = try client.request("GET", "/healthz", headers: ["Origin": "https://evil.example"])
        #expect(strangerGet.header("Access-Control-Allow-Origin") == nil)
        #expect(Self.values(strangerGet, "Vary").contains("Origin"))
    }

    /// `*` grants every origin with `*`.
    @Test func anyOrigin() throws {
        let service = try RunningService(cors: .any)
        let client = try service.client()
        let preflight = try client.request(
            "OPTIONS", "/v1/browser/open",
            headers: ["Origin": "http://x.test", "Access-Control-Request-Method": "POST"])
        #expect(preflight.header("Access-Control-Allow-Origin") == "*")
        #expect(preflight.header("Access-Control-Allow-Methods") == "POST")
        let health = try client.request("GET", "/healthz", headers: ["Origin": "http://y.test"])
        #expect(health.header("Access-Control-Allow-Origin") == "*")
        #expect(health.header("Access-Control-Expose-Headers") == "X-Request-Id, ETag")
    }

    /// `--cors-origins` values: `*`, a list of origins, or nothing; anything else is refused
    /// with the entry named.
    @Test func parsingThePolicy() throws {
        #expect(try CORSPolicy(parsing: "") == .none)
        #expect(try CORSPolicy(parsing: " * ") == .any)
        #expect(
            try CORSPolicy(parsing: "https://a.example, http://localhost:3000")
                == .origins(["https://a.example", "http://localhost:3000"]))
        #expect(throws: CORSPolicyError(entry: "a.example")) { try CORSPolicy(parsing: "https://b.example,a.example") }
        #expect(throws: CORSPolicyError(entry: "https://a.example/")) { try CORSPolicy(parsing: "https://a.example/") }
        #expect(throws: CORSPolicyError(entry: "*")) { try CORSPolicy(parsing: "*, https://a.example") }
    }

    /// Accept that admits neither JSON nor problem+json: 406 as problem+json. JSON, a
    /// wildcard, problem+json alone, or no Accept: the resource. Errors stay errors.
    @Test func notAcceptable() throws {
        let service = try RunningService()
        let client = try service.client()
        let xml = try client.request("GET", "/healthz", headers: ["Accept": "application/xml"])
        #expect(xml.status == 406)
        #expect(xml.header("Content-Type") == "application/problem+json")
        let problem = try #require(try xml.json() as? [String: Any])
        #expect(problem["status"] as? Int == 406 && problem["title"] as? String == "Not Acceptable")

        for accept in [
            "application/json", "*/*", "application/*", "text/html, application/json;q=0.5",
            "application/problem+json", "APPLICATION/JSON",
        ] {
            #expect(try client.request("GET", "/healthz", headers: ["Accept": accept]).status == 200, "\(accept)")
        }
        for accept in ["application/json;q=0", "text/html", "*/*;q=0, text/plain", "application/*;q=0"] {
            #expect(try client.request("GET", "/healthz", headers: ["Accept": accept]).status == 406, "\(accept)")
        }
        // Other resources by their own type.
        #expect(try client.request("GET", "/metrics", headers: ["Accept": "text/plain"]).status == 200)
        #expect(try client.request("GET", "/metrics", headers: ["Accept": "application/json"]).status == 406)
        #expect(try client.request("GET", "/openapi.yaml", headers: ["Accept": "text/html"]).status == 406)
        // A client error keeps its status: problem+json is always acceptable for errors.
        let bad = try client.request(
            "POST", "/v1/timeline/layout", headers: ["Accept": "application/xml"], body: Array("{".utf8))
        #expect(bad.status == 400)
        #expect(try client.request("GET", "/nowhere", headers: ["Accept": "text/html"]).status == 404)
    }

    /// /readyz while draining answers 503 with Retry-After (on a connection already open; new
    /// ones are refused, also with 503 and Retry-After when the limit is reached).
    @Test func retryAfterOnEvery503() throws {
        let service = try RunningService { $0.maxConnections = 1 }
        let held = try service.client()
        #expect(try held.request("GET", "/healthz").status == 200)
        let refused = try service.client().readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        let metrics = try held.request("GET", "/metrics")
        #expect(metrics.text.contains("\nhttp_connections_refused_total 1\n"))

        try held.send("GET /readyz HTTP/1.1\r\nHost: t\r\n")
        service.application.server.shutdown(grace: .seconds(5))
        try held.send("\r\n")
        let draining = try held.readResponse()
        #expect(draining.status == 503)
        #expect(draining.header("Retry-After") == "1")
    }
}
