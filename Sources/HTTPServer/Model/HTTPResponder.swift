/// Turns a request into a response, synchronously, on the connection's queue.
/// It must not block for long: every connection of that queue waits meanwhile.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse
}
