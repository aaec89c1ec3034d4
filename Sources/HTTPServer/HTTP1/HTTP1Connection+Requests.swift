extension HTTP1Connection {
    /// Methods answered 411 when they come with neither Content-Length nor Transfer-Encoding.
    /// RFC 9112 would read such a request as having an empty body; DESIGN §7 lists 411, so a
    /// POST, PUT or PATCH without any framing is answered 411 (the connection stays open, as the
    /// request itself is well framed). Other methods without framing simply have no body.
    /// (Three comparisons of small strings: cheaper than hashing the method into a Set.)
    static let methodsNeedingLength: [HTTPMethod] = [.post, .put, .patch]

    /// Alternates writing ready responses and parsing buffered requests until neither progresses.
    mutating func pump(now: Moment, into actions: ActionQueue) {
        repeat {
            flush(now: now, into: actions)
        } while parse(now: now, into: actions)
        flush(now: now, into: actions)
    }

    /// Parses buffered bytes while allowed; true when an event was consumed.
    private mutating func parse(now: Moment, into actions: ActionQueue) -> Bool {
        var progressed = false
        while !isClosed, !readingStopped, isWritable, slots.count < configuration.maxPipelinedRequests {
            let event: HTTP1Parser.Event?
            do {
                event = try parser.next()
            } catch {
                refuse(error.status, error.detail, now: now)
                return true
            }
            guard let event else {
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
                start(head, now: now, into: actions)
            case .end(let body, let byteCount):
                finish(body: body, byteCount: byteCount, now: now, into: actions)
            }
        }
        return progressed
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
        if unframed, Self.methodsNeedingLength.contains(method) {
            partial?.rejection = .problem(
                ProblemDetails(
                    status: .lengthRequired, detail: "\(method.rawValue) needs Content-Length or a chunked body."
                )
            )
        } else if expectation != nil, hasBody, parser.bufferedByteCount == 0 {
            partial?.owesContinue = !slots.isEmpty
            if slots.isEmpty { actions.append(.sendContinue) }
        }
    }

    private mutating func finish(
        body: [UInt8], byteCount: Int, now: Moment, into actions: ActionQueue
    ) {
        guard let partial = partial.take() else { return }  // moved out, not copied
        let head = partial.head
        let request = HTTPRequest(head: head, body: body)
        let info = ResponseInfo(
            isHeadRequest: head.method == .head,
            closeConnection: !head.keepAlive || isDraining,
            method: head.method,
            path: request.path,
            id: requestID(echoing: head.clientRequestID),
            receivedMoment: partial.receivedAt,
            bytesIn: byteCount,
            version: head.version,
            isRefusal: false,
            userAgentValue: head.userAgentValue
        )
        if info.closeConnection { readingStopped = true }
        requestStartedAt = parser.isMidRequest ? now : nil
        let sequence = nextSequence
        nextSequence += 1
        if let rejection = partial.rejection {
            slots.append(Slot(sequence: sequence, response: Self.finalize(rejection, info: info), info: info))
            return
        }
        slots.append(Slot(sequence: sequence, response: nil, info: info))
        let context = RequestContext(
            id: info.id, isDraining: isDraining, remoteAddress: remoteAddress,
            receivedMoment: partial.receivedAt
        )
        actions.append(.handle(request, context, sequence: sequence))
    }

    /// Queues the one error response of this connection (after those already pending) and stops reading.
    mutating func refuse(_ status: HTTPStatus, _ detail: String, now: Moment) {
        let head = partial?.head
        let info = ResponseInfo(
            isHeadRequest: head?.method == .head,
            closeConnection: true,
            method: head?.method ?? HTTPMethod(rawValue: "-"),
            path: head?.path ?? "-",
            id: requestID(echoing: head?.clientRequestID),
            receivedMoment: partial?.receivedAt ?? requestStartedAt ?? now,
            bytesIn: (head?.byteCount ?? 0) + parser.bufferedByteCount,
            version: head?.version ?? .http11,
            isRefusal: true,
            userAgentValue: head?.userAgentValue
        )
        let response = HTTPResponse.problem(ProblemDetails(status: status, detail: detail))
        slots.append(Slot(sequence: nextSequence, response: Self.finalize(response, info: info), info: info))
        nextSequence += 1
        partial = nil
        readingStopped = true
    }

    /// Writes the leading ready responses; closes after a `close` one, or when draining or
    /// ended and nothing is left.
    private mutating func flush(now: Moment, into actions: ActionQueue) {
        // The ready slot is moved out of the queue, its response and record moved on into the
        // action, not copied (the record holds a resilient `ContinuousClock.Instant`: every copy
        // of it goes through value witnesses).
        while !isClosed, !slots.isEmpty, slots[0].response != nil {
            let (ready, info) = slots.removeFirst().parts()
            guard let response = ready else { break }  // checked just above
            var closes = info.closeConnection
            if slots.isEmpty, hasNoPartialRequest, !parser.isMidRequest, isDraining || inputEnded {
                closes = true
            }
            actions.append(.send(response, info.closing(closes)))
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
        actions.append(.close)
    }

    /// The client's `X-Request-Id` when sane, else `<prefix>-<n>`.
    private func requestID(echoing given: String?) -> RequestContext.ID {
        if let given, RequestContext.isSaneRequestID(given) { return RequestContext.ID(given) }
        return RequestContext.ID(prefix: requestIDPrefix, number: nextSequence)
    }

    /// A response that cannot be written safely becomes a 500; `X-Request-Id` is written from
    /// `info` by the serializer. (The ID is formatted only if the 500 is logged.)
    static func finalize(_ response: HTTPResponse, info: ResponseInfo) -> HTTPResponse {
        response.validated(requestID: info.requestID)
    }
}
