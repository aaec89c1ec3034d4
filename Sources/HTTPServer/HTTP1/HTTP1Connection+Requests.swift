extension HTTP1Connection {
    /// Methods answered 411 when they come with neither Content-Length nor Transfer-Encoding.
    /// RFC 9112 would read such a request as having an empty body; docs/API.md §7 lists 411, so a
    /// POST, PUT or PATCH without any framing is answered 411 (the connection stays open, as the
    /// request itself is well framed). Other methods without framing simply have no body.
    /// (Three comparisons of small strings: cheaper than hashing the method into a Set.)
    static let methodsNeedingLength: [HTTPMethod] = [.post, .put, .patch]

    /// Whether `method` is one of `methodsNeedingLength`: three comparisons of small strings,
    /// without walking the array.
    static func needsLength(_ method: HTTPMethod) -> Bool {
        // The length picks the one literal to compare (comparing unequal strings is a call).
        let name = method.rawValue
        switch name.utf8.count {
        case 3: return name == "PUT"
        case 4: return name == "POST"
        case 5: return name == "PATCH"
        default: return false
        }
    }

    /// Alternates writing ready responses and parsing buffered requests until neither progresses.
    mutating func pump(now: Moment, into actions: ActionQueue) {
        repeat {
            flush(now: now, into: actions)
        } while parse(now: now, into: actions)
        flush(now: now, into: actions)
    }

    /// Starts or ends the wait for memory, after the parser stopped for more bytes or memory.
    private mutating func noteMemoryWait(now: Moment) {
        if parser.isAwaitingMemory {
            if memoryWaitSince == nil { memoryWaitSince = now }
        } else {
            memoryWaitSince = nil
        }
    }

    /// Parses buffered bytes while allowed; true when an event was consumed.
    private mutating func parse(now: Moment, into actions: ActionQueue) -> Bool {
        var progressed = false
        while !isClosed, !readingStopped, isWritable, slots.count < configuration.maxPipelinedRequests {
            let event: HTTP1Parser.Event?
            do {
                if parser.isAwaitingHead {
                    // A head is read straight into `startWhole`/`start`, not wrapped in an event
                    // (and an optional of it) and copied out of it again: what `next()` does.
                    if let head = try parser.nextHead() {
                        progressed = true
                        if parser.endIsReady {
                            startWhole(head, now: now, into: actions)
                        } else {
                            start(head, now: now, into: actions)
                        }
                        continue
                    }
                    event = nil
                } else {
                    event = try parser.next()
                }
            } catch {
                let detail = configuration.limitSettings?.detail(error.detail, for: error.status) ?? error.detail
                refuse(error.status, detail, now: now)
                return true
            }
            guard let event else {
                if parser.isAwaitingMemory || memoryWaitSince != nil { noteMemoryWait(now: now) }
                guard inputEnded else { break }
                if parser.isMidRequest {
                    refuse(.badRequest, "The connection ended in the middle of a request.", now: now)
                    return true
                }
                readingStopped = true
                break
            }
            progressed = true
            switch consume event {  // consumed: the head is moved on into `partial`, not copied
            case .head(let head):
                if parser.endIsReady {
                    startWhole(head, now: now, into: actions)
                } else {
                    start(head, now: now, into: actions)
                }
            case .end(let body, let byteCount):
                finish(body: body, byteCount: byteCount, now: now, into: actions)
            }
        }
        return progressed
    }

    /// `start` and `finish` at once for a request whose head is all of it (no body: a GET, the
    /// usual case): the head goes straight into the request, without being parked in
    /// `partial` and moved out again when the parser's `.end` comes back. Does what `start`
    /// then `finish` did: an unmet expectation is refused (the end is left unread, as then),
    /// a POST without framing is answered 411, a bodiless request owes no `100 Continue`.
    private mutating func startWhole(_ head: consuming HTTPRequestHead, now: Moment, into actions: ActionQueue) {
        let receivedAt = requestStartedAt ?? now
        if let expectation = head.expectation, expectation != "100-continue" {
            partial = PartialRequest(
                head: head, receivedAt: receivedAt, headEndedAt: now, rejection: nil, owesContinue: false)
            refuse(.expectationFailed, "Only the 100-continue expectation is supported.", now: now)
            return
        }
        let rejection = head.framing == .none && Self.needsLength(head.method) ? Self.lengthRequired(head.method) : nil
        let (body, byteCount) = parser.takeEnd()
        finish(
            head, receivedAt: receivedAt, rejection: rejection, body: body, byteCount: byteCount, now: now,
            into: actions)
    }

    /// The 411 for `method` without Content-Length or Transfer-Encoding.
    private static func lengthRequired(_ method: HTTPMethod) -> HTTPResponse {
        .problem(
            ProblemDetails(
                status: .lengthRequired, detail: "\(method.rawValue) needs Content-Length or a chunked body.")
        )
    }

    private mutating func start(_ head: consuming HTTPRequestHead, now: Moment, into actions: ActionQueue) {
        let expectation = head.expectation
        let method = head.method
        let unframed = head.framing == .none
        let hasBody = head.hasBody
        // Made in place, the head moved in, and changed through `partial?`: the head is not copied.
        partial = PartialRequest(
            head: head, receivedAt: requestStartedAt ?? now, headEndedAt: now, rejection: nil, owesContinue: false
        )
        if let expectation, expectation != "100-continue" {
            refuse(.expectationFailed, "Only the 100-continue expectation is supported.", now: now)
            return
        }
        if unframed, Self.needsLength(method) {
            partial?.rejection = Self.lengthRequired(method)
        } else if expectation != nil, hasBody, parser.bufferedByteCount == 0 {
            partial?.owesContinue = !slots.isEmpty
            if slots.isEmpty { actions.append(.sendContinue) }
        }
    }

    private mutating func finish(
        body: [UInt8], byteCount: Int, now: Moment, into actions: ActionQueue
    ) {
        guard let partial = partial.take() else { return }  // moved out, not copied
        finish(
            partial.head, receivedAt: partial.receivedAt, rejection: partial.rejection, body: body,
            byteCount: byteCount, now: now, into: actions)
    }

    /// Queues the request of `head` and `body` for the responder (or its `rejection`). Each part
    /// is made once and moved on (the record into its slot, the ID into the context), not copied.
    private mutating func finish(
        _ head: consuming HTTPRequestHead, receivedAt: Moment, rejection: consuming HTTPResponse?, body: [UInt8],
        byteCount: Int, now: Moment, into actions: ActionQueue
    ) {
        let id = requestID(echoing: head.clientRequestID)
        let closes = !head.keepAlive || isDraining
        let method = head.method
        let version = head.version
        let userAgent = head.userAgentValue
        let request = HTTPRequest(head: head, body: body)
        let charge = parser.takeBodyCharge()
        if closes { readingStopped = true }
        requestStartedAt = parser.isMidRequest ? now : nil
        let sequence = nextSequence
        nextSequence += 1
        var info = ResponseInfo(
            isHeadRequest: method == .head,
            closeConnection: closes,
            method: method,
            path: request.path,
            id: id,
            receivedMoment: receivedAt,
            bytesIn: byteCount,
            version: version,
            isRefusal: false,
            userAgentValue: userAgent
        )
        // Each branch uses the record once, last (moved into its slot); the ID is read from
        // `id`, not `info.id` (a closure reading the record copied it).
        switch consume rejection {
        case .some(let rejection):
            slots.append(Slot(sequence: sequence, response: Self.finalize(rejection, id: id), info: info))
        case .none:
            let context = RequestContext(
                id: id, isDraining: isDraining, remoteAddress: remoteAddress, receivedMoment: receivedAt)
            // The record is swapped into a slot made with a placeholder (appending a slot made
            // with the record copied the record into it).
            slots.append(Slot(sequence: sequence, response: nil, info: .placeholder))
            swap(&info, &slots[slots.count - 1].info)
            if let charge { bodyCharges.append((sequence, charge)) }
            actions.append(.handle(request, context, sequence: sequence))
        }
    }

    /// Queues the one error response of this connection (after those already pending) and stops reading.
    /// The response and its record carry what was read of the request: the head being read
    /// (its body refused or late), else the request line and fields received so far (a head
    /// refused or late), so the client's `X-Request-Id`, the method and the path are kept.
    mutating func refuse(_ status: HTTPStatus, _ detail: String, now: Moment) {
        let head = partial?.head ?? parser.salvagedHead()
        let info = ResponseInfo(
            isHeadRequest: head?.method == .head,
            closeConnection: true,
            method: head?.method ?? HTTPMethod(rawValue: "-"),
            path: head?.path ?? "-",
            id: requestID(echoing: head?.clientRequestID),
            receivedMoment: partial?.receivedAt ?? requestStartedAt ?? now,
            bytesIn: (partial?.head.byteCount ?? 0) + parser.bufferedByteCount,
            version: head?.version ?? .http11,
            isRefusal: true,
            userAgentValue: head?.userAgentValue
        )
        var response = HTTPResponse.problem(ProblemDetails(status: status, detail: detail))
        if status == .serviceUnavailable { response.headers.set(.retryAfter, "1") }
        slots.append(Slot(sequence: nextSequence, response: Self.finalize(response, id: info.id), info: info))
        nextSequence += 1
        partial = nil
        readingStopped = true
        memoryWaitSince = nil
        parser.dropBody()
    }

    /// The memory charge of the body of request `sequence`, handed out by `.handle`: the caller
    /// keeps it with the request until the request is done. Nil when it had no body or it was taken.
    mutating func takeBodyCharge(sequence: Int) -> MemoryCharge? {
        guard let index = bodyCharges.firstIndex(where: { $0.sequence == sequence }) else { return nil }
        return bodyCharges.remove(at: index).charge
    }

    /// The body could not be admitted within `memoryWait`: 503 with `Retry-After`, and close
    /// (its bytes were not read, so the connection cannot go on to a next request).
    mutating func refuseForMemory(now: Moment) {
        configuration.memory?.noteRefusal(.http1Body)
        refuse(.serviceUnavailable, "The server is short of memory for this body; retry in a second.", now: now)
    }

    /// Writes the leading ready responses; closes after a `close` one, or when draining or
    /// ended and nothing is left.
    private mutating func flush(now: Moment, into actions: ActionQueue) {
        // The ready slot is moved out of the queue, its response and record moved on into the
        // action, not copied (the record holds a resilient `ContinuousClock.Instant`: every copy
        // of it goes through value witnesses).
        while !isClosed, !slots.isEmpty, slots[0].isReady {
            // The response and the record are moved out of the slot in place (the record swapped
            // for a placeholder of literals), then the emptied slot is removed: removing the full
            // slot copied it, and its record, out of the array.
            guard let response = slots[0].response.take() else { break }  // checked just above
            var info = ResponseInfo.placeholder
            swap(&info, &slots[0].info)
            // The usual lone slot is dropped with `removeLast` (`removeFirst` shifts the rest).
            if slots.count == 1 { _ = slots.removeLast() } else { slots.removeFirst() }
            if slots.isEmpty, hasNoPartialRequest, !parser.isMidRequest, isDraining || inputEnded {
                info.closeConnection = true
            }
            let closes = info.closeConnection
            actions.append(.send(response, consume info))
            if closes {
                close(into: actions)
                return
            }
            if slots.isEmpty { idleSince = now }
        }
        guard !isClosed, slots.isEmpty else { return }
        if partial?.owesContinue == true {
            actions.append(.sendContinue)
            partial?.owesContinue = false
        }
        if hasNoPartialRequest, !parser.isMidRequest, inputEnded || readingStopped {  // draining: see `tick`
            close(into: actions)
        }
    }

    /// Whether no request is between its head and the end of its body. Reads the optional's
    /// case only: `partial == nil` copied the whole (resiliently laid out) partial request.
    var hasNoPartialRequest: Bool {
        if case .none = partial { true } else { false }
    }

    private mutating func close(into actions: ActionQueue) {
        isClosed = true
        readingStopped = true
        slots.removeAll()
        partial = nil
        bodyCharges.removeAll()
        actions.append(.close)
    }

    /// The client's `X-Request-Id` when sane, else `<prefix>-<n>`.
    private func requestID(echoing given: String?) -> RequestContext.ID {
        if let given, RequestContext.isSaneRequestID(given) { return RequestContext.ID(given) }
        return RequestContext.ID(prefix: requestIDPrefix, number: nextSequence)
    }

    /// A response that cannot be written safely becomes a 500; `X-Request-Id` is written from
    /// `info` by the serializer. (The ID is formatted only if the 500 is logged.)
    static func finalize(_ response: consuming HTTPResponse, id: RequestContext.ID) -> HTTPResponse {
        response.validated(requestID: id.description)
    }
}
