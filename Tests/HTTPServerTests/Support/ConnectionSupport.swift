@testable import HTTPServer

/// A state machine driven by a fake clock, with readable summaries of its actions.
struct ConnectionHarness {
    var connection: HTTP1Connection
    let start = ContinuousClock.now
    var elapsed: Duration = .zero

    init(_ configuration: HTTP1Connection.Configuration = .init()) {
        connection = HTTP1Connection(
            configuration: configuration, remoteAddress: "127.0.0.1:1", requestIDPrefix: "test", now: start
        )
    }

    var now: ContinuousClock.Instant { start + elapsed }

    mutating func advance(_ duration: Duration) -> [HTTP1Connection.Action] {
        elapsed += duration
        return connection.tick(now: now)
    }

    mutating func receive(_ text: String) -> [HTTP1Connection.Action] {
        connection.received(Array(text.utf8), now: now)
    }

    mutating func complete(_ sequence: Int, _ body: String, status: HTTPStatus = .ok) -> [HTTP1Connection.Action] {
        connection.complete(sequence: sequence, with: HTTPResponse(status: status, body: Array(body.utf8)), now: now)
    }
}

extension HTTP1Connection.Action {
    /// `handle 0 GET /a`, `continue`, `send 200 close`, `close`.
    var summary: String {
        switch self {
        case .handle(let request, _, let sequence): "handle \(sequence) \(request.method) \(request.target)"
        case .sendContinue: "continue"
        case .send(let response, let info):
            "send \(response.status.code)" + (info.closeConnection ? " close" : "")
                + (info.isHeadRequest ? " head" : "")
        case .close: "close"
        }
    }

    var response: HTTPResponse? {
        if case .send(let response, _) = self { return response }
        return nil
    }

    var info: HTTP1Connection.ResponseInfo? {
        if case .send(_, let info) = self { return info }
        return nil
    }

    var request: HTTPRequest? {
        if case .handle(let request, _, _) = self { return request }
        return nil
    }

    var context: RequestContext? {
        if case .handle(_, let context, _) = self { return context }
        return nil
    }
}

extension Array where Element == HTTP1Connection.Action {
    var summaries: [String] { map(\.summary) }
}
