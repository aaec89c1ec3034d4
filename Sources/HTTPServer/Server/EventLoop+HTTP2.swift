/// HTTP/2 on an event loop: a connection that opens with the client preface or upgrades
/// with `Upgrade: h2c` hands its bytes to an `HTTP2Session` instead of `HTTP1Connection`.
/// Streams of one connection are served concurrently on the worker pool (trivial ones inline);
/// the answers are framed here.
extension EventLoop {
    static let http2Preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// Whether a connection that has not started a request yet opens with the client preface.
    func opensWithPreface(_ bytes: UnsafeRawBufferPointer, _ connection: ServerConnection) -> Bool {
        guard connection.http2 == nil, connection.machine.nextSequence == 0, !connection.machine.parser.isMidRequest,
            bytes.count >= 3
        else { return false }
        let count = min(bytes.count, Self.http2Preface.count)
        return bytes.prefix(count).elementsEqual(Self.http2Preface.prefix(count))
    }

    /// Switches `connection` to HTTP/2 (its first bytes were the preface).
    func startHTTP2(_ connection: ServerConnection) {
        let session = HTTP2Session(
            configuration: HTTP2Session.Configuration(
                limits: shared.configuration.limits, serverName: shared.configuration.serverName,
                memory: shared.memory, maxConnectionBodyBytes: shared.configuration.maxConnectionBodyBytes,
                limitSettings: shared.configuration.limitSettings
            ),
            remoteAddress: connection.machine.remoteAddress, requestIDPrefix: connection.machine.requestIDPrefix,
            observer: shared.observer, now: .now
        )
        session.loopIndex = index
        connection.http2 = session
        if shared.isDraining.load(ordering: .relaxed) { session.startDraining() }
    }

    /// Answers `request` with `101 Switching Protocols`, then serves it as stream 1 of a new
    /// session; `charge` (its body's) goes with it.
    func upgradeToHTTP2(
        _ connection: ServerConnection, request: HTTPRequest, context: RequestContext, settings: [UInt8],
        charge: MemoryCharge? = nil
    ) {
        let leftover = connection.machine.unparsedInput
        send(HTTP2Upgrade.switchingProtocols, [], on: connection)
        guard connections[connection.fd] === connection else { return }
        startHTTP2(connection)
        guard let session = connection.http2,
            session.upgrade(settings: settings, request: request, receivedAt: context.receivedAt)
        else {
            closeNow(connection)
            return
        }
        handleHTTP2(
            [HTTP2Session.Request(request: request, context: context, streamID: 1, charge: charge)], on: connection)
        if leftover.isEmpty {
            pumpHTTP2(connection)
        } else {
            leftover.withUnsafeBytes { receiveHTTP2($0, on: connection) }
        }
    }

    /// Feeds the session, starts the requests it completed, cancels the work of streams it saw
    /// reset, writes what it has to say.
    func receiveHTTP2(_ bytes: UnsafeRawBufferPointer, on connection: ServerConnection) {
        guard let session = connection.http2 else { return }
        let requests = session.receive(bytes, now: .now)
        cancelWork(streams: session.takeAbandonedStreams(), of: connection)
        handleHTTP2(requests, on: connection)
        pumpHTTP2(connection)
    }

    /// Answers trivial requests here and queues the others for the pool (`pumpHTTP2` starts them).
    ///
    /// Read by index: `for item in items` copied each request whole (retains of every field,
    /// then as many releases) before its `HTTPRequest` and context were copied out again.
    func handleHTTP2(_ items: [HTTP2Session.Request], on connection: ServerConnection) {
        let draining = shared.isDraining.load(ordering: .acquiring)
        for index in items.indices {
            var request = items[index].request
            var context = items[index].context
            let streamID = items[index].streamID
            context.isDraining = context.isDraining || draining  // as on HTTP/1.1: the drain `shutdown` announced
            guard answersInline(&request) else {
                connection.backlog.append(
                    PendingRequest(request: request, context: context, key: Int(streamID), charge: items[index].charge))
                continue
            }
            let response = contentCoder.respond(to: request, context: context, with: shared.responder)
            connection.http2?.complete(
                streamID: streamID, with: response, request: request, requestID: context.id
            )
        }
    }

    /// Submits a worker's (already encoded) answer, or a refusal, on its stream.
    func completeHTTP2(_ pending: PendingRequest, response: HTTPResponse, on connection: ServerConnection) {
        connection.http2?.complete(
            streamID: Int32(truncatingIfNeeded: pending.key), with: response, request: pending.request,
            requestID: pending.context.id
        )
    }

    /// Moves frames from the session to the socket while less than half the back-pressure
    /// limit waits; closes once the session is over and everything is written.
    func pumpHTTP2(_ connection: ServerConnection) {
        guard connections[connection.fd] === connection, let session = connection.http2 else { return }
        for refused in startBacklog(connection) {
            completeHTTP2(refused, response: Self.shedResponse, on: connection)
        }
        while connection.pendingOutputCount < Self.maxPendingOutput / 2 {
            headBuffer.removeAll(keepingCapacity: true)  // the loop's scratch buffer, free between sends
            session.drainOutput(into: &headBuffer, limit: Self.readBufferSize)
            if headBuffer.isEmpty { break }
            send(headBuffer, [], on: connection)
            guard connections[connection.fd] === connection else { return }
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
            beginClosing(connection)
        } else {
            updateInterest(connection)
        }
    }

    /// Draining: GOAWAY; the session finishes once the streams it names are answered.
    func drainHTTP2(_ connection: ServerConnection) {
        connection.http2?.startDraining()
        pumpHTTP2(connection)
    }

    /// Deadlines as on HTTP/1.1, per stream: a stream whose body is not in within the request
    /// timeout of its head gets 408 (then RST_STREAM); a header block left unfinished that long
    /// (it blocks the whole connection) ends the session, as does a connection with no open
    /// stream for the idle timeout (GOAWAY, then close).
    func tickHTTP2(_ connection: ServerConnection, now: ContinuousClock.Instant) {
        guard let session = connection.http2 else { return }
        let timeouts = shared.configuration.timeouts
        if !session.hasOpenStreams, now - session.lastActivity >= timeouts.idle {
            session.terminate()
        } else {
            session.expireStreams(now: now, limit: timeouts.requestHead)
        }
        pumpHTTP2(connection)
    }
}
