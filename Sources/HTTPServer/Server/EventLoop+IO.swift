internal import CSystemShims
import Foundation

extension EventLoop {
    /// Reads what the socket has, feeds the machine and carries out its actions.
    func readInput(_ connection: ServerConnection) {
        if connection.http2?.isCondemned == true {
            // No input is asked for: this is the peer hanging up (or an error). Nothing more is read.
            closeNow(connection)
            return
        }
        let base = readBuffer.baseAddress
        for _ in 0..<4 {
            if connection.http2 == nil, connection.lingerUntil == nil,
                connection.machine.directBodyCapacity >= Self.directBodyThreshold
            {
                guard readBody(connection) else { return }
                break  // the socket is drained or the body complete; epoll says when more comes
            }
            let count = read(connection.fd, base, readBuffer.count)
            if count > 0 {
                if connection.lingerUntil != nil { continue }  // dropped: we are closing
                let bytes = UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])
                if opensWithPreface(bytes, connection) { startHTTP2(connection) }
                if connection.http2 != nil {
                    receiveHTTP2(bytes, on: connection)
                } else {
                    connection.machine.received(bytes, now: .now, into: actions)
                    perform(on: connection)
                    // The socket is drained; `perform` brought the epoll interest up to date.
                    if count < readBuffer.count { return }
                }
                guard !connection.isClosed, wantsInput(connection) else { return }
                if count < readBuffer.count { break }
            } else if count == 0 {
                connection.peerClosedInput = true
                if connection.lingerUntil != nil || connection.http2 != nil {
                    closeNow(connection)
                    return
                }
                connection.machine.inputClosed(now: .now, into: actions)
                perform(on: connection)
                return
            } else {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                closeNow(connection)  // ECONNRESET and the like: this connection only
                return
            }
        }
        updateInterest(connection)
    }

    /// Reads the rest of a large Content-Length body straight into the body's buffer (no copy
    /// from the read buffer). False when the connection is gone or wants no more input.
    private func readBody(_ connection: ServerConnection) -> Bool {
        let fd = connection.fd
        var readError: Int32 = 0
        let count = connection.machine.receiveBody(now: .now, into: actions) { region in
            let count = read(fd, region.baseAddress, region.count)
            if count < 0 { readError = errno }
            return count
        }
        if count > 0 {
            perform(on: connection)
            return !connection.isClosed && wantsInput(connection)
        } else if count == 0 {
            connection.peerClosedInput = true
            connection.machine.inputClosed(now: .now, into: actions)
            perform(on: connection)
            return false
        } else if readError == EAGAIN || readError == EWOULDBLOCK || readError == EINTR {
            return true  // EINTR: epoll reports the socket again
        }
        closeNow(connection)  // ECONNRESET and the like: this connection only
        return false
    }

    /// Carries out `actions` in order (see `perform(on:)`).
    func perform(_ list: [HTTP1Connection.Action], on connection: ServerConnection) {
        for action in list { actions.append(action) }
        perform(on: connection)
    }

    /// Carries out the actions waiting in the loop's queue, all of them `connection`'s, in order,
    /// pulled one at a time until none is left (a completion appends its `send` while this
    /// runs): trivial requests are answered here, the others go to the worker pool (their
    /// answers come back through `workDone`). Nothing in here performs another connection's
    /// actions, so the one queue is never shared by two connections at once; when the
    /// connection closes midway, what is left is dropped.
    func perform(on connection: ServerConnection) {
        while let action = actions.next() {
            guard !connection.isClosed else {
                actions.removeAll()
                return
            }
            switch consume action {  // consumed: the payloads are moved out, not copied then destroyed
            case .handle(var request, var context, let sequence):
                // The server may have begun to drain before this loop ran its `startDraining`
                // block: the handler (`/readyz`) must see the drain that `shutdown` announced.
                context.isDraining = context.isDraining || shared.isDraining.load(ordering: .acquiring)
                if connection.machine.mayUpgrade(after: sequence), let settings = HTTP2Upgrade.settings(of: request) {
                    actions.removeAll()
                    let charge = connection.machine.takeBodyCharge(sequence: sequence)
                    upgradeToHTTP2(connection, request: request, context: context, settings: settings, charge: charge)
                    return
                }
                guard answersInline(&request) else {
                    let charge = request.body.isEmpty ? nil : connection.machine.takeBodyCharge(sequence: sequence)
                    connection.backlog.append(
                        PendingRequest(request: request, context: context, key: sequence, charge: charge))
                    shedHTTP1(startBacklog(connection), on: connection)
                    continue
                }
                let response = contentCoder.respond(to: request, context: context, with: shared.responder)
                connection.machine.complete(
                    sequence: sequence, with: response, operationID: request.route?.operationID, now: .now,
                    into: actions)
            case .sendContinue:
                send(HTTP1Serializer.continueBytes, [], on: connection)
            case .send(let response, let info):
                serializer.writeHead(
                    response, id: info.id, closeConnection: info.closeConnection, into: &headBuffer)
                let sendsBody = HTTP1Serializer.sendsBody(response.status, isHeadRequest: info.isHeadRequest)
                let body = sendsBody ? response.body : []
                // Recorded before the write, so a client that saw the response also sees it counted.
                record(response.status.code, info, connection, bytesOut: headBuffer.count + body.count)
                send(headBuffer, body, on: connection)
                if info.isRefusal { connection.lingerOnClose = true }
                if connection.pendingOutputCount > Self.maxPendingOutput, connection.machine.isWritable {
                    connection.machine.setWritable(false, now: .now, into: actions)
                }
            case .close:
                connection.closeAfterFlush = true
            }
        }
        guard !connection.isClosed else { return }
        if connection.closeAfterFlush && connection.pendingOutputCount == 0 {
            beginClosing(connection)
        } else {
            updateInterest(connection)
        }
    }

    private func record(
        _ status: Int, _ info: HTTP1Connection.ResponseInfo, _ connection: ServerConnection, bytesOut: Int
    ) {
        guard let observer = shared.observer else { return }
        var record = RequestRecord(
            method: info.method, path: info.path, status: status, duration: Moment.now - info.receivedMoment,
            bytesIn: info.bytesIn, bytesOut: bytesOut, id: info.id,
            remoteAddress: connection.machine.remoteAddress, protocolVersion: info.version.description,
            operationID: info.operationID, loopIndex: index
        )
        record.userAgentValue = info.userAgentValue  // still bytes: decoded only if logged
        observer.requestCompleted(record)
    }

    /// Writes head and body with one `writev` when nothing is queued; keeps what the kernel refuses.
    func send(_ head: [UInt8], _ body: [UInt8], on connection: ServerConnection) {
        guard connection.pendingOutputCount == 0 else {
            connection.output.append(contentsOf: head)
            connection.output.append(contentsOf: body)
            chargeOutput(connection)
            return
        }
        let total = head.count + body.count
        let written = head.withUnsafeBytes { headBytes in
            body.withUnsafeBytes { bodyBytes in
                // The two iovecs live on the stack: no array per response.
                var vectors = (
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: headBytes.baseAddress), iov_len: head.count),
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: bodyBytes.baseAddress), iov_len: body.count)
                )
                return withUnsafeMutableBytes(of: &vectors) { room in
                    writev(
                        connection.fd, room.baseAddress?.assumingMemoryBound(to: iovec.self), bodyBytes.isEmpty ? 1 : 2)
                }
            }
        }
        if written < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
            closeNow(connection)  // EPIPE, ECONNRESET: the peer is gone
            return
        }
        let sent = max(0, written)
        if sent > 0 { connection.lastWriteProgress = .now }
        guard sent < total else { return }
        connection.output.removeAll(keepingCapacity: true)
        connection.outputOffset = 0
        if sent < head.count {
            connection.output.append(contentsOf: head[sent...])
            connection.output.append(contentsOf: body)
        } else {
            connection.output.append(contentsOf: body[(sent - head.count)...])
        }
        chargeOutput(connection)
    }

    /// Brings the memory budget's charge for `connection`'s unsent bytes up to date.
    func chargeOutput(_ connection: ServerConnection) {
        let pending = connection.isClosed ? 0 : connection.pendingOutputCount
        let change = pending - connection.chargedOutput
        guard change != 0 else { return }
        if change > 0 {
            shared.memory.hold(change, .responses)
        } else {
            shared.memory.release(-change, .responses)
        }
        connection.chargedOutput = pending
    }

    /// Writes queued output (the socket became writable).
    func flushOutput(_ connection: ServerConnection) {
        while connection.pendingOutputCount > 0 {
            let written = connection.output.withUnsafeBytes { bytes in
                let start = bytes.baseAddress.map { $0 + connection.outputOffset }
                return write(connection.fd, start, connection.pendingOutputCount)
            }
            if written > 0 {
                connection.outputOffset += written
                connection.lastWriteProgress = .now
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                closeNow(connection)
                return
            }
        }
        chargeOutput(connection)
        if connection.pendingOutputCount == 0 {
            if connection.output.capacity > Self.maxPendingOutput {
                connection.output = []
            } else {
                connection.output.removeAll(keepingCapacity: true)
            }
            connection.outputOffset = 0
            if connection.closeAfterFlush {
                beginClosing(connection)
                return
            }
        } else if connection.outputOffset >= Self.maxPendingOutput {
            connection.output.removeSubrange(0..<connection.outputOffset)  // keep the queue from growing
            connection.outputOffset = 0
        }
        if connection.http2 != nil {
            pumpHTTP2(connection)  // more frames may wait for room; updates interest
            return
        }
        if connection.pendingOutputCount <= Self.maxPendingOutput / 2, !connection.machine.isWritable {
            connection.machine.setWritable(true, now: .now, into: actions)
        }
        shedHTTP1(startBacklog(connection), on: connection)
        perform(on: connection)  // updates interest
    }

    private func wantsInput(_ connection: ServerConnection) -> Bool {
        if connection.lingerUntil != nil {
            return !connection.peerClosedInput && connection.http2?.isCondemned != true
        }
        if let session = connection.http2 {
            return session.wantsInput && connection.pendingOutputCount < Self.maxPendingOutput
                && !connection.peerClosedInput
        }
        return connection.machine.wantsInput && !connection.peerClosedInput
    }

    /// Asks epoll for input only while the connection may read, for output while bytes wait.
    func updateInterest(_ connection: ServerConnection) {
        var interest: UInt32 = 0
        if wantsInput(connection) { interest |= shim_epollin() | shim_epollrdhup() }
        if connection.pendingOutputCount > 0 { interest |= shim_epollout() }
        guard interest != connection.interest else { return }
        if shim_epoll_modify(epollFD, connection.fd, interest) == 0 {
            connection.interest = interest
        } else {
            closeNow(connection)
        }
    }

    /// Lingering close after an error response or with input unread: shut our side so the last
    /// response is delivered rather than reset, and drop input until EOF or `lingerTime`.
    func beginClosing(_ connection: ServerConnection) {
        var unread: Int32 = 0
        _ = ioctl(connection.fd, UInt(FIONREAD), &unread)
        if connection.peerClosedInput || (!connection.lingerOnClose && unread == 0) {
            closeNow(connection)
            return
        }
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.lingerUntil = .now + Self.lingerTime
        updateInterest(connection)
    }

    /// Closes the socket and forgets the connection; touches nothing else.
    func closeNow(_ connection: ServerConnection) {
        guard connections.removeValue(forKey: connection.fd) === connection else { return }
        connection.isClosed = true
        chargeOutput(connection)  // its unsent bytes go with it
        cancelWork(connection)
        _ = shim_epoll_delete(epollFD, connection.fd)
        close(connection.fd)
        shared.observer?.connectionClosed()
        shared.connectionClosed()
    }
}
