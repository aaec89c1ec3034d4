import HTTPServer
import Testing

@testable import LayoutService

/// Which requests the service answers inline on the event loop, and which on the worker pool.
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

    /// What the server calls: `prepare` answers as `isTrivial` and keeps the router's match on the
    /// request, so `respond` and the metrics label do not look the route up again.
    @Test func prepareKeepsTheRoute() {
        let responder = LayoutAPI().responder(cors: .none)
        var health = HTTPRequest(method: .get, target: "/healthz")
        #expect(responder.prepare(&health))
        #expect(health.route?.operationID == "getHealth")
        var layout = HTTPRequest(method: .post, target: "/v1/timeline/layout")
        #expect(!responder.prepare(&layout))
        #expect(layout.route?.operationID == "layoutTimeline")
        var options = HTTPRequest(method: .options, target: "/v1/timeline/layout")
        #expect(responder.prepare(&options))
    }
}
