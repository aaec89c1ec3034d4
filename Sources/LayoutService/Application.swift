import HTTPServer
import PhotoLayout

/// The real wiring of the service: the API behind the HTTP server, with its observer.
/// `timeline-layout serve` and the end-to-end tests both build it here (the tests on port 0).
public struct Application: Sendable {
    package let server: HTTPServer
    public let api: LayoutAPI

    package init(
        configuration: HTTPServerConfiguration, logFormat: LogFormat = .text, cors: CORSPolicy = .none,
        maxStatuses: Int = LayoutAPI.defaultMaxStatuses
    ) {
        let api = LayoutAPI(maxStatuses: maxStatuses)
        self.api = api
        self.server = HTTPServer(
            configuration: configuration, responder: api.responder(cors: cors),
            observer: api.observer(logFormat: logFormat, loops: configuration.threads))
    }
}
