import HTTPServer
import Testing

@testable import LayoutService

/// Which requests the service answers inline on the I/O queue, and which on the worker pool.
struct ServiceResponderTests {
    /// The cheap operations and OPTIONS run inline; layouts, the grid and unknown paths' bodies
    /// go to the workers (the front must pass the router's answer through, not the default).
    @Test func trivialRoutesStayInline() {
        let responder = LayoutAPI().responder(cors: .none)
        for target in ["/healthz", "/readyz", "/metrics"] {
            #expect(responder.isTrivial(HTTPRequest(method: .get, target: target)), "\(target)")
        }
        #expect(responder.isTrivial(HTTPRequest(method: .options, target: "/v1/timeline/layout")))
        #expect(!responder.isTrivial(HTTPRequest(method: .post, target: "/v1/timeline/layout")))
        #expect(!responder.isTrivial(HTTPRequest(method: .get, target: "/v1/grid?count=4")))
    }
}
