import CNghttp2

/// Requests handed out, answers submitted as HEADERS and DATA frames.
extension HTTP2Session {
    /// Response header names the server writes itself, and HTTP/1.1 connection-specific ones
    /// that HTTP/2 forbids (RFC 9113 §8.2.2).
    static let droppedHeaders: Set<String> = [
        "content-length", "date", "server", "connection", "keep-alive", "proxy-connection", "transfer-encoding",
        "upgrade",
    ]

    /// The request of a stream whose END_STREAM arrived, queued for the caller.
    func dispatch(streamID: Int32) {
        guard let stream = streams[streamID] else { return }
        stream.isDispatched = true
        var headers = stream.headers
        if let authority = stream.authority, !headers.contains(.host) { headers.add(.host, authority) }
        let method = HTTPMethod(rawValue: stream.method ?? "GET")
        stream.isHeadRequest = method == .head
        let request = HTTPRequest(
            method: method, target: stream.target ?? "/", version: .http2, headers: headers, body: stream.body
        )
        stream.body = []
        stream.userAgent = headers[.userAgent]
        stream.headers = HTTPHeaders()
        let context = RequestContext(
            requestID: nextRequestID(echoing: headers), isDraining: isDraining, remoteAddress: remoteAddress,
            receivedAt: stream.receivedAt
        )
        ready.append(Request(request: request, context: context, streamID: streamID))
    }

    /// Answers a stream with a problem before its request was read whole.
    func refuse(streamID: Int32, _ problem: ProblemDetails) {
        guard let stream = streams[streamID], !stream.isRefused else { return }
        stream.isRefused = true
        stream.isHeadRequest = stream.method == "HEAD"
        let requestID = nextRequestID(echoing: stream.headers)
        submit(
            .problem(problem), streamID: streamID, requestID: requestID, method: stream.method, path: stream.target,
            operationID: nil)
    }

    /// The answer to a request `receive` returned. Ignored when the stream is gone (the client reset it).
    /// The request's route (`HTTPResponder.prepare`) labels it in metrics, as on HTTP/1.1.
    func complete(streamID: Int32, with response: HTTPResponse, request: HTTPRequest, requestID: String) {
        guard let stream = streams[streamID], stream.isDispatched, !stream.isRefused else { return }
        submit(
            response, streamID: streamID, requestID: requestID, method: request.method.rawValue, path: request.path,
            operationID: request.route?.operationID)
    }

    private func submit(
        _ response: HTTPResponse, streamID: Int32, requestID: String, method: String?, path: String?,
        operationID: String?
    ) {
        guard let session, let stream = streams[streamID], !stream.isAnswered else { return }
        stream.isAnswered = true
        let response = response.finalized(requestID: requestID)
        let sendsBody = HTTP1Serializer.sendsBody(response.status, isHeadRequest: stream.isHeadRequest)
        stream.responseBody = sendsBody ? response.body : []
        if bufferedResponseBytes == 0 { lastBodyProgress = .now }
        bufferedResponseBytes += stream.responseBody.count
        let fields = headerFields(of: response)
        let result = withHeaderList(fields) { list in
            guard sendsBody, !response.body.isEmpty else {
                return nghttp2_submit_response(session, streamID, list.baseAddress, list.count, nil)
            }
            var provider = nghttp2_data_provider(source: nghttp2_data_source(ptr: nil), read_callback: Self.readBody)
            return nghttp2_submit_response(session, streamID, list.baseAddress, list.count, &provider)
        }
        if result != 0 {
            ServerLog.error("HTTP/2 stream \(streamID): \(String(cString: nghttp2_strerror(result)))")
            return
        }
        lastActivity = now
        guard let observer else { return }
        let headerBytes = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
        observer.requestCompleted(
            RequestRecord(
                method: HTTPMethod(rawValue: method ?? "-"),
                path: path.map { HTTPRequest(method: .get, target: $0).path } ?? "-",
                status: response.status.code, duration: .now - stream.receivedAt, bytesIn: stream.bytesIn,
                bytesOut: headerBytes + stream.responseBody.count, requestID: requestID, remoteAddress: remoteAddress,
                protocolVersion: HTTPVersion.http2.description,
                userAgent: stream.userAgent ?? stream.headers[.userAgent], operationID: operationID
            )
        )
    }

    /// `:status`, `server`, `date`, the handler's fields (lower-cased, connection-specific ones
    /// dropped) and `content-length` (the body's, HEAD included, as on HTTP/1.1).
    func headerFields(of response: HTTPResponse) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = [
            (":status", String(response.status.code)), ("server", configuration.serverName),
            ("date", String(decoding: dates.current(), as: UTF8.self)),
        ]
        for (name, value) in response.headers {
            let lowered = name.lowercased()
            if !Self.droppedHeaders.contains(lowered) { fields.append((lowered, value)) }
        }
        let code = response.status.code
        if code != 204 && code != 304 { fields.append(("content-length", String(response.body.count))) }
        return fields
    }

    /// Calls `body` with nghttp2_nv entries pointing into one buffer (nghttp2 copies them).
    private func withHeaderList(
        _ fields: [(name: String, value: String)], _ body: (UnsafeBufferPointer<nghttp2_nv>) -> Int32
    ) -> Int32 {
        var storage: [UInt8] = []
        var ranges: [(name: Range<Int>, value: Range<Int>)] = []
        for field in fields {
            let nameStart = storage.count
            storage.append(contentsOf: field.name.utf8)
            let valueStart = storage.count
            storage.append(contentsOf: field.value.utf8)
            ranges.append((nameStart..<valueStart, valueStart..<storage.count))
        }
        return storage.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            let list = ranges.map { name, value in
                nghttp2_nv(
                    name: base + name.lowerBound, value: base + value.lowerBound, namelen: name.count,
                    valuelen: value.count, flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue)
                )
            }
            return list.withUnsafeBufferPointer(body)
        }
    }

    /// nghttp2 asks for the next DATA payload of a response.
    private static let readBody: nghttp2_data_source_read_callback = {
        _, streamID, buffer, length, flags, _, userData in
        guard let userData, let buffer, let flags else { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
        let session = Unmanaged<HTTP2Session>.fromOpaque(userData).takeUnretainedValue()
        return session.readBody(
            streamID: streamID, into: UnsafeMutableBufferPointer(start: buffer, count: length), flags: flags)
    }

    private func readBody(
        streamID: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, flags: UnsafeMutablePointer<UInt32>
    ) -> Int {
        guard let stream = streams[streamID] else { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
        let count = min(buffer.count, stream.responseBody.count - stream.responseOffset)
        stream.responseBody.withUnsafeBufferPointer { source in
            guard count > 0, let start = source.baseAddress, let target = buffer.baseAddress else { return }
            target.update(from: start + stream.responseOffset, count: count)
        }
        stream.responseOffset += count
        bufferedResponseBytes -= count
        if count > 0 { lastBodyProgress = .now }
        if stream.responseOffset == stream.responseBody.count {
            flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
            stream.responseBody = []
            stream.responseOffset = 0
        }
        return count
    }
}
