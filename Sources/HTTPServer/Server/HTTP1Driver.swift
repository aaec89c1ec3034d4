internal import CSystemShims
import Foundation

/// HTTP/1.1 on an event loop: the byte-fed `HTTP1Connection` and the carrying out of its
/// actions (answer trivial requests here, queue the others for the worker pool, frame and send
/// responses). A connection that opens with the client preface, or whose request asks
/// `Upgrade: h2c`, is handed to an `HTTP2Driver` (`HTTP2Driver.takeOver`).
///
/// Not Sendable: it lives on its loop's thread only. `machine` is `@exclusivity(unchecked)` for
/// the reason `ServerConnection` gives: one thread, no overlapping access.
final class HTTP1Driver {
    @exclusivity(unchecked) var machine: HTTP1Connection

    init(machine: HTTP1Connection) {
        self.machine = machine
    }

    /// Bytes read from the socket: the client preface switches the connection to HTTP/2 first.
    func received(_ bytes: UnsafeRawBufferPointer, on connection: ServerConnection, loop: EventLoop) {
        if opensWithPreface(bytes) {
            HTTP2Driver.takeOver(connection, from: self, loop: loop).received(bytes, on: connection, loop: loop)
            return
        }
        machine.received(bytes, now: .now, into: loop.actions)
        perform(on: connection, loop: loop)
    }

    /// Whether a connection that has not started a request yet opens with the client preface.
    private func opensWithPreface(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard machine.nextSequence == 0, !machine.parser.isMidRequest, bytes.count >= 3 else { return false }
        let count = min(bytes.count, HTTP2Driver.preface.count)
        return bytes.prefix(count).elementsEqual(HTTP2Driver.preface.prefix(count))
    }

    /// Whether no byte of the next request was received yet (see `HTTP1Connection.isBetweenRequests`).
    var isBetweenRequests: Bool { machine.isBetweenRequests }

    /// How many bytes of the current body may be read straight into it (see `HTTP1Connection.directBodyCapacity`).
    var directBodyCapacity: Int { machine.directBodyCapacity }

    /// Reads the rest of a large Content-Length body straight into the body's buffer (no copy
    /// from the read buffer). False when the connection is gone or wants no more input.
    func readBody(_ connection: ServerConnection, loop: EventLoop) -> Bool {
        let fd = connection.fd
        var readError: Int32 = 0
        let count = machine.receiveBody(now: .now, into: loop.actions) { region in
            let count = read(fd, region.baseAddress, region.count)
            if count < 0 { readError = errno }
            return count
        }
        if count > 0 {
            perform(on: connection, loop: loop)
            return !connection.isClosed && loop.wantsInput(connection)
        } else if count == 0 {
            connection.peerClosedInput = true
            inputClosed(on: connection, loop: loop)
            return false
        } else if readError == EAGAIN || readError == EWOULDBLOCK || readError == EINTR {
            return true  // EINTR: epoll reports the socket again
        }
        loop.closeNow(connection)  // ECONNRESET and the like: this connection only
        return false
    }

    /// The peer shut its sending side: answer what was received, then close.
    func inputClosed(on connection: ServerConnection, loop: EventLoop) {
        machine.inputClosed(now: .now, into: loop.actions)
        perform(on: connection, loop: loop)
    }

    /// A worker's answer, in its turn among the pipelined responses.
    func workDone(_ pending: PendingRequest, response: HTTPResponse, on connection: ServerConnection, loop: EventLoop) {
        if loop.shared.isDraining.load(ordering: .relaxed), !machine.isDraining {
            // Shutdown began while the handler ran: this response is the last one.
            machine.startDraining(now: .now, into: loop.actions)
        }
        machine.complete(
            sequence: pending.key, with: response, operationID: pending.request.route?.operationID, now: .now,
            into: loop.actions)
        shed(loop.startBacklog(connection), on: connection, loop: loop)
        perform(on: connection, loop: loop)
    }

    /// The socket took output: reading resumes below half the back-pressure bound, and waiting
    /// requests start.
    func outputFlushed(on connection: ServerConnection, loop: EventLoop) {
        if connection.pendingOutputCount <= EventLoop.maxPendingOutput / 2, !machine.isWritable {
            machine.setWritable(true, now: .now, into: loop.actions)
        }
        shed(loop.startBacklog(connection), on: connection, loop: loop)
        perform(on: connection, loop: loop)  // updates interest
    }

    /// The machine's deadlines: slow heads and bodies, idle connections.
    func tick(now: ContinuousClock.Instant, on connection: ServerConnection, loop: EventLoop) {
        machine.tick(now: now, into: loop.actions)
        perform(on: connection, loop: loop)
    }

    /// Draining: the response in progress is the last one (`Connection: close`).
    func startDraining(now: ContinuousClock.Instant, on connection: ServerConnection, loop: EventLoop) {
        machine.startDraining(now: now, into: loop.actions)
        perform(on: connection, loop: loop)
    }

    /// Answers refused requests with `EventLoop.shedResponse`; the machine's actions go to the
    /// loop's action queue, for the caller's `perform(on:loop:)`.
    private func shed(_ refused: [PendingRequest], on connection: ServerConnection, loop: EventLoop) {
        for pending in refused {
            machine.complete(sequence: pending.key, with: EventLoop.shedResponse, now: .now, into: loop.actions)
        }
    }

    /// Carries out the actions waiting in the loop's queue, all of them `connection`'s, in order,
    /// pulled one at a time until none is left (a completion appends its `send` while this
    /// runs): trivial requests are answered here, the others go to the worker pool (their
    /// answers come back through `workDone`). Nothing in here performs another connection's
    /// actions, so the one queue is never shared by two connections at once; when the
    /// connection closes or switches to HTTP/2 midway, what is left is dropped.
    ///
    /// A response sent in the same pass after an answer made here is recorded as done at the
    /// clock reading that answer's completion took (the `send` follows it at once, with no
    /// wait in between): one reading of the clock for both.
    func perform(on connection: ServerConnection, loop: EventLoop) {
        let actions = loop.actions
        var answeredAt: Moment?
        while let action = actions.next() {
            guard !connection.isClosed else {
                actions.removeAll()
                return
            }
            switch consume action {  // consumed: the payloads are moved out, not copied then destroyed
            case .handle(var request, var context, let sequence):
                // The server may have begun to drain before this loop ran its `startDraining`
                // block: the handler (`/readyz`) must see the drain that `shutdown` announced.
                context.isDraining = context.isDraining || loop.shared.isDraining.load(ordering: .acquiring)
                if machine.mayUpgrade(after: sequence), let settings = HTTP2Upgrade.settings(of: request) {
                    actions.removeAll()
                    let charge = machine.takeBodyCharge(sequence: sequence)
                    HTTP2Driver.upgrade(
                        connection, from: self, request: request, context: context, settings: settings, charge: charge,
                        loop: loop)
                    return
                }
                guard loop.answersInline(&request, responder: loop.responder) else {
                    let charge = request.body.isEmpty ? nil : machine.takeBodyCharge(sequence: sequence)
                    connection.backlog.append(
                        PendingRequest(request: request, context: context, key: sequence, charge: charge))
                    shed(loop.startBacklog(connection), on: connection, loop: loop)
                    continue
                }
                let response = loop.contentCoder.respond(to: request, context: context, with: loop.responder)
                let now = Moment.now
                answeredAt = now
                machine.complete(
                    sequence: sequence, with: response, operationID: request.route?.operationID, now: now,
                    into: actions)
            case .sendContinue:
                loop.send(HTTP1Serializer.continueBytes, [], on: connection)
            case .send(let response, let info):
                loop.serializer.writeHead(
                    response, id: info.id, closeConnection: info.closeConnection, into: &loop.headBuffer)
                let sendsBody = HTTP1Serializer.sendsBody(response.status, isHeadRequest: info.isHeadRequest)
                let body = sendsBody ? response.body : []
                // Recorded before the write, so a client that saw the response also sees it counted.
                record(
                    response.status.code, info, loop: loop, bytesOut: loop.headBuffer.count + body.count,
                    at: answeredAt ?? .now)
                loop.send(loop.headBuffer, body, on: connection)
                if info.isRefusal { connection.lingerOnClose = true }
                if connection.pendingOutputCount > EventLoop.maxPendingOutput, machine.isWritable {
                    machine.setWritable(false, now: .now, into: actions)
                }
            case .close:
                connection.closeAfterFlush = true
            }
        }
        guard !connection.isClosed else { return }
        if connection.closeAfterFlush && connection.pendingOutputCount == 0 {
            loop.beginClosing(connection)
        } else {
            loop.updateInterest(connection)
        }
    }

    /// Tells the observer of a response sent at `sentAt`.
    private func record(
        _ status: Int, _ info: HTTP1Connection.ResponseInfo, loop: EventLoop, bytesOut: Int,
        at sentAt: @autoclosure () -> Moment
    ) {
        guard let observer = loop.shared.observer else { return }
        // The record's parts: an observer that needs no whole record makes none.
        observer.requestCompleted(
            method: info.method, path: info.path, status: status, duration: sentAt() - info.receivedMoment,
            bytesIn: info.bytesIn, bytesOut: bytesOut, id: info.id, remoteAddress: machine.remoteAddress,
            protocolVersion: info.version.description,
            userAgentValue: info.userAgentValue,  // still bytes: decoded only if logged
            operationID: info.operationID, loopIndex: loop.index)
    }
}
