internal import CSystemShims
import Foundation

extension EventLoop {
    /// Reads what the socket has and hands it to the connection's driver.
    func readInput(_ connection: ServerConnection) {
        if connection.driver.isCondemned {
            // No input is asked for: this is the peer hanging up (or an error). Nothing more is read.
            closeNow(connection)
            return
        }
        let base = readBuffer.baseAddress
        for _ in 0..<4 {
            var size = readBuffer.count
            if connection.lingerUntil == nil, case .http1(let http1) = connection.driver {
                if http1.directBodyCapacity >= Self.directBodyThreshold {
                    guard http1.readBody(connection, loop: self) else { return }
                    break  // the socket is drained or the body complete; epoll says when more comes
                }
                if http1.isBetweenRequests { size = Self.requestStartReadSize }
            }
            let count = read(connection.fd, base, size)
            if count > 0 {
                if connection.lingerUntil != nil { continue }  // dropped: we are closing
                connection.driver.received(
                    UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), on: connection, loop: self)
                // The driver brought the epoll interest up to date: done when the socket is drained.
                guard count == size, !connection.isClosed, wantsInput(connection) else { return }
            } else if count == 0 {
                connection.peerClosedInput = true
                if connection.lingerUntil != nil {
                    closeNow(connection)
                    return
                }
                connection.driver.inputClosed(on: connection, loop: self)
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
        // All taken: nothing is pending, so no write-stall clock runs and none is read. Else the
        // stall is timed from now: the moment of this write's progress, or the moment the
        // connection began to wait for the socket.
        guard sent < total else { return }
        connection.lastWriteProgress = .now
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
        connection.driver.outputFlushed(on: connection, loop: self)  // updates interest
    }

    /// Whether to read `connection`: while lingering until EOF, else while its driver takes input.
    func wantsInput(_ connection: ServerConnection) -> Bool {
        if connection.lingerUntil != nil {
            return !connection.peerClosedInput && !connection.driver.isCondemned
        }
        return !connection.peerClosedInput && connection.driver.wantsInput(connection)
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
