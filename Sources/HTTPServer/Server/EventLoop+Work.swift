import Foundation

/// Requests to the worker pool and back (docs/API.md §8): the loop parses, frames and writes; a
/// request runs inline only when its route is trivial and it has no body, or when its route
/// bounds its cost by its body (`Router.add(inlineBodyBytes:)`) and the body is that small and
/// fits what is left of the round's `inlineRoundBytes`; never with a body to inflate. Each
/// connection has at most `maxWorkPerConnection` requests on the pool (half the workers, so
/// one connection cannot hold them all) and, while its unsent output is
/// over the back-pressure bound, starts none: the rest wait in its backlog, in order. A full
/// pool queue answers 503 with `Retry-After` (counted by the observer). Tickets tie each job
/// to its connection: closing the connection or resetting the stream cancels them.
extension EventLoop {
    /// The answer to a request the full worker queue could not take.
    static let shedResponse: HTTPResponse = {
        var response = HTTPResponse.problem(
            ProblemDetails(status: .serviceUnavailable, detail: "The server is busy; retry in a second.")
        )
        response.headers.set(.retryAfter, "1")
        return response
    }()

    /// Requests of one connection on the pool at once: half the workers, at least one.
    var maxWorkPerConnection: Int { max(1, shared.pool.workerCount / 2) }

    /// Body bytes one round of the loop answers inline on routes with an inline body bound
    /// (each request counted as at least `inlineRequestFloor`); past it, the round's next such
    /// requests go to the pool. What the round's handlers may delay the other connections by is
    /// bounded by this, whatever a client pipelines.
    static let inlineRoundBytes = 8 * 1024
    /// What a request with a small or empty body counts against `inlineRoundBytes`.
    static let inlineRequestFloor = 256

    /// Whether `request` is answered here, on the event loop: a trivial route with no body, or
    /// a route whose inline body bound (`RouteMatch.inlineBodyBytes`) the body is within while
    /// the round's allowance lasts (it is charged here); never a body to inflate. The
    /// responder's route lookup is kept on `request` (done once, whatever the answer).
    /// `responder` is the server's (`shared.responder`), passed by the caller that keeps it.
    func answersInline(_ request: inout HTTPRequest, responder: any HTTPResponder) -> Bool {
        let trivial = responder.prepare(&request)
        guard !request.headers.contains(.contentEncoding) else { return false }
        if trivial { return request.body.isEmpty }
        guard let limit = request.route?.inlineBodyBytes, limit > 0, request.body.count <= limit else { return false }
        let cost = max(request.body.count, Self.inlineRequestFloor)
        guard cost <= inlineAllowance else { return false }
        inlineAllowance -= cost
        return true
    }

    /// Response bytes of `connection` not written yet: queued for the socket, and HTTP/2
    /// response bodies held back by flow control.
    func bufferedOutput(_ connection: ServerConnection) -> Int {
        connection.pendingOutputCount + connection.driver.bufferedResponseBytes
    }

    /// Moves requests from the backlog to the pool while the connection has room; returns those
    /// the full pool refused, in order, for the caller to answer with `shedResponse`.
    func startBacklog(_ connection: ServerConnection) -> [PendingRequest] {
        var refused: [PendingRequest] = []
        while !connection.backlog.isEmpty, connection.work.count < maxWorkPerConnection,
            bufferedOutput(connection) < Self.maxPendingOutput
        {
            let pending = connection.backlog.removeFirst()
            if !submit(pending, on: connection) {
                shared.observer?.requestShed()
                refused.append(pending)
            }
        }
        return refused
    }

    /// Hands `pending` to the pool; its answer comes back to `workDone` on this loop (`execute`).
    private func submit(_ pending: PendingRequest, on connection: ServerConnection) -> Bool {
        let ticket = WorkTicket(memoryCharge: pending.charge)
        let fd = connection.fd
        let responder = shared.responder
        let accepted = shared.pool.submit(ticket) { [self] coder in
            guard
                let response = coder.respond(
                    to: pending.request, context: pending.context, with: responder, unless: ticket)
            else { return }
            execute { [self] in workDone(ticket, pending: pending, fd: fd, response: response) }
        }
        if accepted { connection.work[pending.key] = ticket }
        return accepted
    }

    /// A worker's answer, back on the loop: dropped when its ticket was cancelled (the
    /// connection closed, maybe reusing the descriptor, or the stream was reset).
    private func workDone(_ ticket: WorkTicket, pending: PendingRequest, fd: Int32, response: HTTPResponse) {
        guard !ticket.isCancelled, let connection = connections[fd], connection.work[pending.key] === ticket else {
            return
        }
        connection.work.removeValue(forKey: pending.key)
        connection.driver.workDone(pending, response: response, on: connection, loop: self)
    }

    /// Drops the queued and running work of `connection` (it is closing).
    func cancelWork(_ connection: ServerConnection) {
        for ticket in connection.work.values { shared.pool.cancel(ticket) }
        connection.work = [:]
        connection.backlog = []
    }

    /// Drops the work of HTTP/2 streams the session saw closed before their answer (RST_STREAM).
    func cancelWork(streams: [Int32], of connection: ServerConnection) {
        guard !streams.isEmpty else { return }  // the common case, on every read: no Set to build
        for streamID in streams {
            if let ticket = connection.work.removeValue(forKey: Int(streamID)) { shared.pool.cancel(ticket) }
        }
        let closed = Set(streams.map(Int.init))
        connection.backlog.removeAll { closed.contains($0.key) }
    }
}
