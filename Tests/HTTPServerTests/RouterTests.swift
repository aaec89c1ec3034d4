import Testing

@testable import HTTPServer

struct RouterTests {
    struct Teapot: HTTPResponseError {
        var problem: ProblemDetails {
            ProblemDetails(
                status: .unprocessableContent, detail: "bad screen",
                errors: [.init(pointer: "/screen/width", detail: "must be positive")]
            )
        }
    }

    struct Secret: Error {}

    static let router: Router = {
        var router = Router()
        router.add(.get, "/a", operationID: "getA") { _, _ in HTTPResponse(body: Array("A".utf8)) }
        router.add(.post, "/a", operationID: "postA") { request, _ in HTTPResponse(body: request.body) }
        router.add(.post, "/invalid", operationID: "invalid") { _, _ in throw Teapot() }
        router.add(.get, "/crash", operationID: "crash") { _, _ in throw Secret() }
        return router
    }()

    static let context = RequestContext(requestID: "r1")

    static func respond(_ method: HTTPMethod, _ target: String) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: method, target: target, body: Array("x".utf8)), context: context)
    }

    /// Routes are listed in the order they were added, with their operationIds.
    @Test func routeTable() {
        #expect(Self.router.routes.map(\.operationID) == ["getA", "postA", "invalid", "crash"])
        #expect(Self.router.routes.first == Route(method: .get, path: "/a", operationID: "getA"))
    }

    /// Exact paths route by method; the query string does not take part.
    @Test func routesByMethodAndPath() {
        #expect(Self.respond(.get, "/a?x=1").body.text == "A")
        #expect(Self.respond(.post, "/a").body.text == "x")
    }

    /// HEAD falls back to GET's handler, and its operationId.
    @Test func headUsesGet() {
        #expect(Self.respond(.head, "/a").body.text == "A")
        var head = HTTPRequest(method: .head, target: "/a")
        _ = Self.router.prepare(&head)
        #expect(head.route?.operationID == "getA")
        var unknown = HTTPRequest(method: .get, target: "/nope")
        _ = Self.router.prepare(&unknown)
        #expect(unknown.route?.operationID == nil)
    }

    /// Paths of one length are told apart by their bytes, whatever the order they were added
    /// in; a path of a length no route has, or longer than all, is unknown.
    @Test func pathsOfOneLength() {
        var router = Router()
        let paths = ["/bb", "/metrics", "/healthz", "/c", "/aa", "/readyz", "/v1/timeline/layout"]
        for (index, path) in paths.enumerated() {
            router.add(.get, path, operationID: "op\(index)") { _, _ in HTTPResponse(body: Array(path.utf8)) }
        }
        router.add(.post, "/healthz", operationID: "postHealth") { _, _ in HTTPResponse(body: Array("post".utf8)) }
        let expected = [
            "/bb": "op0", "/metrics": "op1", "/healthz": "op2", "/c": "op3", "/aa": "op4", "/readyz": "op5",
            "/v1/timeline/layout": "op6",
        ]
        for (path, operation) in expected {
            #expect(router.match(HTTPRequest(method: .get, target: path)).operationID == operation)
            let response = router.respond(to: HTTPRequest(method: .get, target: path), context: Self.context)
            #expect(response.body.text == path)
        }
        #expect(router.match(HTTPRequest(method: .post, target: "/healthz")).operationID == "postHealth")
        for path in ["/", "/ab", "/health", "/healthy", "/v1/timeline/layouts", "/v1/timeline/layout/x", ""] {
            let match = router.match(HTTPRequest(method: .get, target: path))
            #expect(match.entryIndex == nil && match.operationID == nil)
            #expect(
                router.respond(to: HTTPRequest(method: .get, target: path), context: Self.context).status == .notFound)
        }
    }

    /// An unknown path is a 404 problem.
    @Test func unknownPath() {
        let response = Self.respond(.get, "/nope")
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    /// A known path with another method is 405 with Allow listing HEAD when GET exists.
    @Test func methodNotAllowed() {
        let response = Self.respond(.delete, "/a")
        #expect(response.status.code == 405)
        #expect(response.headers["Allow"] == "GET, HEAD, POST")
        #expect(Self.respond(.get, "/invalid").headers["Allow"] == "POST")
    }

    /// A thrown HTTPResponseError becomes its problem, field errors included.
    @Test func responseErrorBecomesProblem() {
        let response = Self.respond(.post, "/invalid")
        #expect(response.status.code == 422)
        #expect(
            response.body.text
                == #"{"type":"urn:problem:timeline-layout:invalid-value","title":"Unprocessable Content","status":422,"detail":"bad screen","#
                + #""errors":[{"pointer":"/screen/width","detail":"must be positive"}]}"#
        )
    }

    /// Any other error is a 500 whose detail does not reveal it.
    @Test func otherErrorsAre500() {
        let response = Self.respond(.get, "/crash")
        #expect(response.status == .internalServerError)
        #expect(!response.body.text.contains("Secret"))
        #expect(response.body.text.contains(#""detail":"The server could not complete the request.""#))
    }
}
