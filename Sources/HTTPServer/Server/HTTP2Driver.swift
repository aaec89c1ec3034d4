/// HTTP/2 on an event loop: the byte-fed `HTTP2Session` of a connection that opened with the
/// client preface or upgraded with `Upgrade: h2c`. Streams of one connection are served
/// concurrently on the worker pool (trivial ones inline); the answers are framed here.
///
/// Not Sendable: it lives on its loop's thread only.
final class HTTP2Driver {
    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    let session: HTTP2Session
    /// The server's responder, kept here: the loop's shared one, read once.
    let responder: any HTTPResponder

    init(session: HTTP2Session, responder: any HTTPResponder) {
        self.session = session
        self.responder = responder
    }

    /// The one transition of a connection's protocol: `connection`, served by `http1` until
    /// now, speaks HTTP/2 from here on. The HTTP/1.1 machine goes (what it charged to the
    /// memory budget was handed on or released before); its address and request-id prefix stay.
    @discardableResult
    static func takeOver(_ connection: ServerConnection, from http1: HTTP1Driver, loop: EventLoop) -> HTTP2Driver {
        let shared = loop.shared
        let session = HTTP2Session(
            configuration: HTTP2Session.Configuration(
                limits: shared.configuration.limits, serverName: shared.configuration.serverName,
                memory: shared.memory, maxConnectionBodyBytes: shared.configuration.maxConnectionBodyBytes,
                limitSettings: shared.configuration.limitSettings
            ),
            remoteAddress: http1.machine.remoteAddress, requestIDPrefix: http1.machine.requestIDPrefix,
            observer: shared.observer, now: .now
        )
        session.loopIndex = loop.index
        let driver = HTTP2Driver(session: session, responder: shared.responder)
        connection.driver = .http2(driver)
        if shared.isDraining.load(ordering: .relaxed) { session.startDraining() }
        return driver
    }

    /// `Upgrade: h2c`: answers `request` with `101 Switching Protocols`, takes the connection
    /// over and serves the request as stream 1 of the new session, with `charge` (its body's);
    /// bytes that followed the request are the session's first input.
    static func upgrade(
        _ connection: ServerConnection, from http1: HTTP1Driver, request: HTTPRequest, context: RequestContext,
        settings: [UInt8], charge: MemoryCharge?, loop: EventLoop
    ) {
        let leftover = http1.machine.unparsedInput
        loop.send(HTTP2Upgrade.switchingProtocols, [], on: connection)
        guard !connection.isClosed else { return }
        let driver = takeOver(connection, from: http1, loop: loop)
        guard driver.session.upgrade(settings: settings, request: request, receivedAt: context.receivedAt) else {
            loop.closeNow(connection)
            return
        }
        driver.handle(
            HTTP2Session.Request(request: request, context: context, streamID: 1, charge: charge), on: connection,
            loop: loop)
        if leftover.isEmpty {
            driver.pump(connection, loop: loop)
        } else {
            leftover.withUnsafeBytes { driver.received($0, on: connection, loop: loop) }
        }
    }

    /// Feeds the session, starts the requests it completed, cancels the work of streams it saw
    /// reset, writes what it has to say.
    func received(_ bytes: UnsafeRawBufferPointer, on connection: ServerConnection, loop: EventLoop) {
        session.read(bytes, now: .now)
        loop.cancelWork(streams: session.takeAbandonedStreams(), of: connection)
        while let item = session.takeRequest() { handle(item, on: connection, loop: loop) }
        pump(connection, loop: loop)
    }

    /// Answers a trivial request here, or queues it for the pool (`pump` starts it).
    /// The request is moved from the session and used in place: an answer made here copies
    /// neither the request nor its context.
    private func handle(_ item: consuming HTTP2Session.Request, on connection: ServerConnection, loop: EventLoop) {
        var item = item  // its parts are used in place, not copied out
        // As on HTTP/1.1: the drain `shutdown` announced.
        if loop.shared.isDraining.load(ordering: .acquiring) { item.context.isDraining = true }
        guard loop.answersInline(&item.request, responder: responder) else {
            connection.backlog.append(
                PendingRequest(
                    request: item.request, context: item.context, key: Int(item.streamID), charge: item.charge))
            return
        }
        let response = loop.contentCoder.respond(to: item.request, context: item.context, with: responder)
        session.complete(streamID: item.streamID, with: response, request: item.request, requestID: item.context.id)
    }

    /// A worker's (already encoded) answer on its stream, then whatever it lets out.
    func workDone(_ pending: PendingRequest, response: HTTPResponse, on connection: ServerConnection, loop: EventLoop) {
        complete(pending, response: response)
        pump(connection, loop: loop)
    }

    /// Submits an answer, or a refusal, on the request's stream.
    private func complete(_ pending: PendingRequest, response: HTTPResponse) {
        session.complete(
            streamID: Int32(truncatingIfNeeded: pending.key), with: response, request: pending.request,
            requestID: pending.context.id
        )
    }

    /// Starts waiting work (the full pool's refusals answered with `EventLoop.shedResponse`),
    /// moves frames from the session to the socket while less than half the back-pressure limit
    /// waits; closes once the session is over and everything is written, else brings the epoll
    /// interest up to date.
    func pump(_ connection: ServerConnection, loop: EventLoop) {
        guard !connection.isClosed else { return }
        for refused in loop.startBacklog(connection) {
            complete(refused, response: EventLoop.shedResponse)
        }
        while connection.pendingOutputCount < EventLoop.maxPendingOutput / 2 {
            loop.headBuffer.removeAll(keepingCapacity: true)  // the loop's scratch buffer, free between sends
            session.drainOutput(into: &loop.headBuffer, limit: EventLoop.readBufferSize)
            if loop.headBuffer.isEmpty { break }
            loop.send(loop.headBuffer, [], on: connection)
            guard !connection.isClosed else { return }
        }
        if session.isFinished {
            connection.closeAfterFlush = true
            // A session that ended on a GOAWAY of its own (a connection error, an abuser, an idle
            // peer) may still have the peer's frames in flight: its SETTINGS ACK, a WINDOW_UPDATE.
            // Closing with them unread makes the kernel answer RST, which can discard the GOAWAY
            // before the peer reads it; so linger as HTTP/1 does after a refusal. A graceful drain
            // closes at once: the server is stopping and the peer was told which stream was last.
            if !session.isDraining { connection.lingerOnClose = true }
        }
        if connection.closeAfterFlush && connection.pendingOutputCount == 0 {
            loop.beginClosing(connection)
        } else {
            loop.updateInterest(connection)
        }
    }

    /// Draining: GOAWAY; the session finishes once the streams it names are answered.
    func startDraining(on connection: ServerConnection, loop: EventLoop) {
        session.startDraining()
        pump(connection, loop: loop)
    }

    /// Deadlines as on HTTP/1.1, per stream: a stream whose body is not in within the request
    /// timeout of its head gets 408 (then RST_STREAM); a header block left unfinished that long
    /// (it blocks the whole connection) ends the session, as does a connection with no open
    /// stream for the idle timeout (GOAWAY, then close). With no stream open, the blocks the
    /// session's nghttp2 freed and kept for the next streams are freed.
    func tick(now: ContinuousClock.Instant, on connection: ServerConnection, loop: EventLoop) {
        let timeouts = loop.shared.configuration.timeouts
        if !session.hasOpenStreams, now - session.lastActivity >= timeouts.idle {
            session.terminate()
        } else {
            session.expireStreams(now: now, limit: timeouts.requestHead)
        }
        if !session.hasOpenStreams { session.blocks.trim() }  // an idle connection keeps no spare blocks
        pump(connection, loop: loop)
    }
}
