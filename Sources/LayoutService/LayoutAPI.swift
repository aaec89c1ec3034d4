import HTTPServer
import PhotoLayout

/// The v1 API of docs/API.md §7: one handler per operationId, and the route table that binds
/// them. `openapi.yaml` describes exactly these routes (a test keeps them equal).
public struct LayoutAPI: Sendable {
    package let router: Router
    public let metrics: ServiceMetrics

    /// Statuses one timeline request may hold unless told otherwise.
    public static let defaultMaxStatuses = 1_000

    /// The largest timeline body answered on the event loop rather than the worker pool (a
    /// status or two; docs/API.md §8).
    public static let inlineTimelineBytes = 1024

    /// - Parameter maxStatuses: statuses one `POST /v1/timeline/layout` may hold; more is 422.
    public init(reader: any TimelineReader = ByteTimelineReader(), maxStatuses: Int = LayoutAPI.defaultMaxStatuses) {
        let resources = ResourceFiles()
        let timeline = LayoutTimeline(reader: reader, maxStatuses: maxStatuses)
        let grid = GetGrid()

        var router = Router()
        // Read, laid out and written in time linear in the body (pictures and statuses are read
        // from it): a body of at most `inlineTimelineBytes` is answered on the event loop.
        router.add(
            .post, "/v1/timeline/layout", operationID: "layoutTimeline", inlineBodyBytes: Self.inlineTimelineBytes,
            timeline.handle)
        router.add(.get, "/v1/grid", operationID: "getGrid", grid.handle)
        router.add(.post, "/v1/browser/open", operationID: "openBrowser", Browser.open)
        router.add(.post, "/v1/browser/close", operationID: "closeBrowser", Browser.close)
        router.add(.post, "/v1/album/layout", operationID: "layoutAlbum", Browser.album)
        // Fixed documents and a counter snapshot: answered on the event loop, not the worker pool.
        router.add(.get, "/healthz", operationID: "getHealth", trivial: true, Health.live)
        router.add(.get, "/readyz", operationID: "getReadiness", trivial: true, Health.ready)

        let metrics = ServiceMetrics()
        let documents = ServiceDocuments(metrics: metrics, resources: resources)
        router.add(.get, "/metrics", operationID: "getMetrics", trivial: true, documents.metrics)
        // Documents made and gzipped once at start: answering one is a lookup, on the event loop too.
        router.add(.get, "/openapi.yaml", operationID: "getOpenAPI", trivial: true, documents.openAPI)
        router.add(.get, "/", operationID: "getPlayground", trivial: true, documents.playground)
        router.add(.get, "/favicon.ico", operationID: "getFavicon", trivial: true, documents.favicon)
        router.add(.get, "/samples", operationID: "getSample", trivial: true, documents.sample)

        self.router = router
        self.metrics = metrics
    }

    /// The observer to give the server: metrics by route, and the access log.
    /// - Parameter loops: the server's event loops (`threads`): each gets its own counters and
    ///   log buffer (at least 8, as before this parameter; loops beyond the count share, safely).
    package func observer(logFormat: LogFormat, loops: Int = 8) -> any ServerObserver {
        let loops = max(8, loops)
        return ServiceObserver(
            metrics: metrics, log: AccessLog(format: logFormat, loops: loops), routes: RouteLabels(router.routes),
            loops: loops)
    }

    /// The responder to give the server: the router behind OPTIONS, CORS and `Accept`
    /// negotiation (`ServiceResponder`).
    package func responder(cors: CORSPolicy = .none) -> any HTTPResponder {
        ServiceResponder(router: router, cors: cors, metrics: metrics)
    }
}
