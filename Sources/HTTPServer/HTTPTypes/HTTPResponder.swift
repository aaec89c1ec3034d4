/// Turns a request into a response, synchronously. The server calls it on a worker thread, or on
/// the connection's I/O queue for a request `isTrivial` says is cheap.
package protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse

    /// Whether answering `request` costs so little (a fixed document, a counter snapshot) that it
    /// runs inline on the I/O queue rather than paying the hop to a worker. Default: false.
    func isTrivial(_ request: HTTPRequest) -> Bool

    /// As `isTrivial`, but may keep what it looked up on the request (`HTTPRequest.route`) so that
    /// `respond` does not look it up again. Default: `isTrivial`.
    func prepare(_ request: inout HTTPRequest) -> Bool
}

extension HTTPResponder {
    package func isTrivial(_ request: HTTPRequest) -> Bool { false }
    package func prepare(_ request: inout HTTPRequest) -> Bool { isTrivial(request) }
}
