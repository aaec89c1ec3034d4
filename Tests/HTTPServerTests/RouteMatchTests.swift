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
