internal import CNghttp2

/// Requests handed out, answers submitted as HEADERS and DATA frames.
extension HTTP2Session {
    /// Response header names the server writes itself (`x-request-id` included: it writes the
    /// request's), and HTTP/1.1 connection-specific ones that HTTP/2 forbids (RFC 9113 §8.2.2):
    /// canonical names, so that each check is a comparison of keys.
    static let droppedHeaders: [HTTPFieldName] = [
        .contentLength, .date, .server, .xRequestID, .connection, "Keep-Alive", "Proxy-Connection",
        .transferEncoding, .upgrade,
    ]

    /// The requests a session has room for (`nextReadySlot`) before it grows that room.
    static let readyBatch = 16

    /// The request of `stream` (the stream `streamID`, in `streams`), whose END_STREAM arrived,
    /// queued for the caller.
    func dispatch(_ stream: HTTP2Stream, streamID: Int32) {
        stream.isDispatched = true
        let headers = stream.receivedHeaders()
        let method = stream.method  // GET when none came
        stream.isHeadRequest = method == .head
        let target = stream.targetRange.map { requestTarget(in: stream, at: $0) } ?? RequestTarget("/")
        let request = HTTPRequest(method: method, target: target, version: .http2, headers: headers, body: stream.body)
        let charge = stream.bodyCharge.take()  // goes with the body
        releaseBody(of: stream, streamID: streamID)
        // `fieldBytes` stays (shared with the request's fields) for the record's `User-Agent`.
        stream.targetRange = nil
        stream.authorityRange = nil
        // The names were copied out; the entries' storage serves the stream's next user.
        stream.fieldCount = 0
        // The request made in its slot, not passed on to be moved there.
        nextReadySlot().initialize(
            to: Request(
                request: request,
                context: RequestContext(
                    id: nextRequestID(for: stream), isDraining: isDraining, remoteAddress: remoteAddress,
                    receivedMoment: stream.receivedMoment),
                streamID: streamID, charge: charge))
    }

    /// The most bytes of a received buffer a kept target may pin (`requestTarget`).
    static let maxKeptTargetBuffer = 1024

    /// The `:path` value at `range` in `stream`'s field buffer split into a request target, as
    /// `RequestTarget(bytes)`; the same bytes as the last request's give the last target again,
    /// without decoding or splitting them (compared where they are: sliced, a reference to the
    /// buffer, only when they differ). The last target's bytes are a slice of that request's
    /// field buffer, kept only when that buffer's storage is at most `maxKeptTargetBuffer` bytes
    /// (it stays alive while kept).
    func requestTarget(in stream: HTTP2Stream, at range: Range<Int>) -> RequestTarget {
        let same = keptTargetBytes.withUnsafeBufferPointer { old in
            stream.fieldBytes.withUnsafeBufferPointer { buffer in
                !range.isEmpty && Self.sameBytes(old, UnsafeBufferPointer(rebasing: buffer[range]))
            }
        }
        if same { return keptTarget }
        return newRequestTarget(stream.fieldBytes[range], bufferCapacity: stream.fieldBytes.capacity)
    }

    /// `bytes` split into a request target, kept (with the bytes) for the next request when
    /// `bufferCapacity`, their buffer's storage, is at most `maxKeptTargetBuffer` bytes.
    private func newRequestTarget(_ bytes: ArraySlice<UInt8>, bufferCapacity: Int) -> RequestTarget {
        let target = bytes.withUnsafeBufferPointer { RequestTarget($0) }
        if bufferCapacity <= Self.maxKeptTargetBuffer {
            keptTargetBytes = bytes
            keptTarget = target
        } else {
            keptTargetBytes = []
        }
        return target
    }

    /// Answers a stream with a problem before its request was read whole.
    /// A 503 carries `Retry-After` when `retryAfter`.
    func refuse(streamID: Int32, _ problem: ProblemDetails, retryAfter: Bool = false) {
        guard let stream = streams[streamID], !stream.isRefused else { return }
        stream.isRefused = true
        servedStreams -= 1
        stream.isHeadRequest = stream.hasMethod && stream.method == .head
        let requestID = nextRequestID(for: stream)
        var response = HTTPResponse.problem(problem)
        if retryAfter { response.headers.set(.retryAfter, "1") }
        submit(
            response, on: stream, streamID: streamID, requestID: requestID,
            method: stream.hasMethod ? stream.method : nil,
            path: stream.target.map { HTTPRequest(method: .get, target: $0).path }, operationID: nil)
    }

    /// The answer to a request `receive` returned. Ignored when the stream is gone (the client reset it).
    /// The request's route (`HTTPResponder.prepare`) labels it in metrics, as on HTTP/1.1.
    /// The stream is used without a retain: submitting reads and sends no frames, so none closes.
    func complete(
        streamID: Int32, with response: consuming HTTPResponse, request: HTTPRequest, requestID: RequestContext.ID
    ) {
        guard let found = streams.unretained(streamID) else { return }
        var response = Optional(response)  // taken by the call below, not copied into it
        found._withUnsafeGuaranteedRef { stream in
            guard stream.isDispatched, !stream.isRefused, let response = response.take() else { return }
            submit(
                response, on: stream, streamID: streamID, requestID: requestID, method: request.method,
                path: request.path, operationID: request.route?.operationID)
        }
    }

    /// Submits HEADERS (and DATA through `readBody`) for `response` on `stream` (the open stream
    /// `streamID`, in `streams`); `method` and `path` (the request's path, not its target) label
    /// the record of it, "-" when unknown.
    private func submit(
        _ response: consuming HTTPResponse, on stream: HTTP2Stream, streamID: Int32, requestID: RequestContext.ID,
        method: HTTPMethod?, path: String?, operationID: String?
    ) {
        guard let session, !stream.isAnswered else { return }
        stream.isAnswered = true
        // The status and the very fields of the last response listed passed this check (it is
        // made before listing): a response with both passes it as that one did.
        let response = listPrefix.lists(response) ? response : response.validated(requestID: requestID.description)
        let sendsBody = HTTP1Serializer.sendsBody(response.status, isHeadRequest: stream.isHeadRequest)
        stream.responseBody = sendsBody ? response.body : []
        if bufferedResponseBytes == 0 { lastBodyProgress = .now }
        bufferedResponseBytes += stream.responseBody.count
        buildHeaderList(of: response, requestID: requestID)
        let result = headerList.withEntries { list in
            guard sendsBody, !response.body.isEmpty else {
                return nghttp2_submit_response(session, streamID, list.baseAddress, list.count, nil)
            }
            // The stream rides in the provider: `readBody` needs no table lookup to find it.
            var provider = nghttp2_data_provider(
                source: nghttp2_data_source(ptr: Unmanaged.passUnretained(stream).toOpaque()),
                read_callback: Self.readBody)
            return nghttp2_submit_response(session, streamID, list.baseAddress, list.count, &provider)
        }
        if result != 0 {
            ServerLog.error("HTTP/2 stream \(streamID): \(String(cString: nghttp2_strerror(result)))")
            return
        }
        headerList.hold()  // nghttp2 reads the list's bytes when it serializes the HEADERS frame
        lastActivity = now
        guard let observer else { return }
        // The record's parts: an observer that needs no whole record makes none.
        observer.requestCompleted(
            method: method ?? HTTPMethod(rawValue: "-"), path: path ?? "-", status: response.status.code,
            duration: Moment.now - stream.receivedMoment, bytesIn: stream.bytesIn,
            bytesOut: headerList.fieldBytes + stream.responseBody.count, id: requestID, remoteAddress: remoteAddress,
            protocolVersion: "HTTP/2.0", userAgentValue: stream.userAgent,  // still bytes: decoded only if logged
            operationID: operationID, loopIndex: loopIndex)
    }

    /// Fills `headerList` with `:status`, `server`, `date`, the handler's fields (canonical names,
    /// the server's own and connection-specific ones dropped), `x-request-id` and `content-length`
    /// (the body's, HEAD included, as on HTTP/1.1). `response` is validated: its status is 200–999.
    /// `x-request-id` is never indexed but in one response of `requestIDIndexInterval`.
    ///
    /// A response whose fields share their storage with the previous response's (a static
    /// answer, the content coder's shared headers), with the same status, in the same second,
    /// keeps the entries up to its fields from that response (`listPrefix`): only `x-request-id`
    /// and `content-length` are added per response.
    func buildHeaderList(of response: HTTPResponse, requestID: RequestContext.ID) {
        let code = response.status.code
        let second = dates.refresh()
        if listPrefix.second == second, listPrefix.code == code, response.headers.sharesFields(with: listPrefix.headers)
        {
            headerList.removeAll(after: listPrefix.mark)
        } else {
            headerList.removeAll()
            headerList.addStatus(code)
            serverNameBytes.withUnsafeBufferPointer { headerList.add(.server, value: $0) }
            dates.bytes.withUnsafeBufferPointer { headerList.add(.date, value: $0) }
            // Through a buffer pointer: `for field in fields` copies (retains, then destroys) every field.
            response.headers.fields.withUnsafeBufferPointer { fields in
                for index in fields.indices where !Self.droppedHeaders.contains(fields[index].name) {
                    var name = fields[index].name.canonicalName
                    name.withUTF8 { name in fields[index].withValueBytes { headerList.add(name: name, value: $0) } }
                }
            }
            listPrefix = ListPrefix(
                headers: response.headers, code: code, reason: response.status.reason, second: second,
                mark: headerList.mark)
        }
        headerList.add(requestID: requestID, indexed: requestIDsSinceIndexed == 0)
        requestIDsSinceIndexed = (requestIDsSinceIndexed + 1) % Self.requestIDIndexInterval
        if code != 204 && code != 304 { headerList.add(.contentLength, digitsOf: response.body.count) }
    }

    /// One response in this many puts its `x-request-id` in the HPACK dynamic table (the
    /// session's first one included), so that the name stays there to be referred to while other
    /// entries push older ones out, and the table never holds more than a few of that name.
    static let requestIDIndexInterval = 64

    /// nghttp2 asks for the next DATA payload of a response. The provider's source is the
    /// stream the response was submitted on, unretained: nghttp2 asks only for a stream it has
    /// not closed, and `streams` (which holds the stream) lets go of it only when nghttp2 closes
    /// it (`streamClosed`), after which nghttp2 drops the provider unasked.
    private static let readBody: nghttp2_data_source_read_callback = {
        _, streamID, buffer, length, flags, source, userData in
        guard let userData, let buffer, let flags, let stream = source?.pointee.ptr else {
            return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
        }
        return HTTP2Session.withOwner(userData) { session in
            Unmanaged<HTTP2Stream>.fromOpaque(stream)._withUnsafeGuaranteedRef {
                session.readBody(
                    $0, streamID: streamID, into: UnsafeMutableBufferPointer(start: buffer, count: length),
                    flags: flags)
            }
        }
    }

    /// Copies the next part of `stream`'s response body (the stream `streamID`) into `buffer`.
    func readBody(
        _ stream: HTTP2Stream, streamID: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>,
        flags: UnsafeMutablePointer<UInt32>
    ) -> Int {
        assert(streams[streamID] === stream, "a response body read for a stream not open")
        let count = min(buffer.count, stream.responseBody.count - stream.responseOffset)
        stream.responseBody.withUnsafeBufferPointer { source in
            guard count > 0, let start = source.baseAddress, let target = buffer.baseAddress else { return }
            target.update(from: start + stream.responseOffset, count: count)
        }
        stream.responseOffset += count
        bufferedResponseBytes -= count
        if count > 0 { bodyProgressed = true }  // `drainOutput` reads the clock once per batch
        if stream.responseOffset == stream.responseBody.count {
            flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
            stream.responseBody = []
            stream.responseOffset = 0
        }
        return count
    }
}

/// The start of the last response's header list (`:status`, `server`, `date`, the handler's
/// fields) and what it was made from, for the next response with the same fields, status and
/// second. The headers are kept: while kept, their storage is neither freed (no other array
/// takes its address) nor changed (a mutation of shared storage copies it), so a response whose
/// fields are at that address, in that number, has those fields.
struct ListPrefix {
    var headers = HTTPHeaders()
    /// -1: nothing kept.
    var code = -1
    /// The status's reason phrase (not sent over HTTP/2, but part of what was validated).
    var reason = ""
    var second = -1
    var mark = HTTP2HeaderList.Mark()

    /// Whether `response` has the status (code and reason) and the very fields (the same
    /// storage) of the response this was made from.
    func lists(_ response: borrowing HTTPResponse) -> Bool {
        code == response.status.code && response.headers.sharesFields(with: headers) && reason == response.status.reason
    }
}
