import Testing

@testable import HTTPServer

struct RouteMatchTests {
    static let router: Router = {
        var router = Router()
        router.add(.get, "/a", operationID: "getA", trivial: true) { _, _ in HTTPResponse(body: Array("A".utf8)) }
        router.add(.post, "/a", operationID: "postA") { request, _ in HTTPResponse(body: request.body) }
        router.add(.put, "/b", operationID: "putB") { _, _ in HTTPResponse(status: .noContent) }
        return router
    }()

    /// One lookup labels every request: the serving operation (HEAD: GET's), the path's first
    /// operation by method name for a 405, nil for an unknown path; 404 and 405 are trivial.
    @Test func labelsAndTriviality() {
        func match(_ method: HTTPMethod, _ target: String) -> RouteMatch {
            Self.router.match(HTTPRequest(method: method, target: target))
        }
        #expect(match(.get, "/a?x=1").operationID == "getA")
        #expect(match(.get, "/a").isTrivial)
        #expect(match(.head, "/a").operationID == "getA")
        #expect(match(.post, "/a").operationID == "postA")
        #expect(!match(.post, "/a").isTrivial)
        #expect(match(.delete, "/a").operationID == "getA")
        #expect(match(.delete, "/a").isTrivial)
        #expect(match(.options, "/b").operationID == "putB")
        #expect(match(.get, "/nowhere").operationID == nil)
        #expect(match(.get, "/nowhere").isTrivial)
    }

    /// `prepare` keeps the match on the request and `respond` uses it; changing the target forgets it.
    @Test func keptOnTheRequest() {
        var request = HTTPRequest(method: .post, target: "/a", body: Array("hi".utf8))
        #expect(!Self.router.prepare(&request))
        #expect(request.route?.operationID == "postA")
        #expect(Self.router.respond(to: request, context: RequestContext(requestID: "r")).body == Array("hi".utf8))
        request.target = "/nowhere"
        #expect(request.route == nil)
        #expect(Self.router.respond(to: request, context: RequestContext(requestID: "r")).status == .notFound)
    }

    /// A route's inline body bound is on its match (HEAD: GET's); other routes, 404 and 405 have 0.
    @Test func inlineBodyBound() {
        var router = Router()
        router.add(.post, "/t", operationID: "postT", inlineBodyBytes: 512) { _, _ in HTTPResponse() }
        router.add(.get, "/t", operationID: "getT", inlineBodyBytes: 7) { _, _ in HTTPResponse() }
        router.add(.put, "/t", operationID: "putT", inlineBodyBytes: -3) { _, _ in HTTPResponse() }
        router.add(.post, "/u", operationID: "postU") { _, _ in HTTPResponse() }
        func bound(_ method: HTTPMethod, _ target: String) -> Int {
            router.match(HTTPRequest(method: method, target: target)).inlineBodyBytes
        }
        #expect(bound(.post, "/t") == 512)
        #expect(bound(.head, "/t") == 7)
        #expect(bound(.put, "/t") == 0)
        #expect(bound(.post, "/u") == 0)
        #expect(bound(.delete, "/t") == 0)
        #expect(bound(.post, "/nowhere") == 0)
        #expect(!router.match(HTTPRequest(method: .post, target: "/t")).isTrivial)
    }

    /// A match made by another router is not trusted: that router's entry indices mean nothing here.
    @Test func anotherRoutersMatchIsIgnored() {
        var other = Router()
        other.add(.get, "/z", operationID: "z") { _, _ in HTTPResponse(status: HTTPStatus(code: 202)) }
        other.add(.post, "/a", operationID: "otherPostA") { _, _ in HTTPResponse(status: HTTPStatus(code: 202)) }
        var request = HTTPRequest(method: .post, target: "/a", body: Array("hi".utf8))
        _ = other.prepare(&request)
        #expect(request.route?.operationID == "otherPostA")
        let response = Self.router.respond(to: request, context: RequestContext(requestID: "r"))
        #expect(response.status == .ok)
        #expect(response.body == Array("hi".utf8))
    }
}
