import CNghttp2

/// The nghttp2 callbacks: C function pointers that capture nothing and reach the session
/// through `user_data`.
extension HTTP2Session {
    static func makeSession(userData: UnsafeMutableRawPointer) -> OpaquePointer? {
        var callbacks: OpaquePointer?
        guard nghttp2_session_callbacks_new(&callbacks) == 0, let callbacks else { return nil }
        defer { nghttp2_session_callbacks_del(callbacks) }
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks) { _, frame, userData in
            guard let frame, let userData else { return 0 }
            HTTP2Session.owner(userData).beginHeaders(frame.pointee)
            return 0
        }
        nghttp2_session_callbacks_set_on_header_callback(callbacks) {
            _, frame, name, nameLength, value, valueLength, _, userData in
            guard let frame, let userData else { return 0 }
            let name = UnsafeBufferPointer(start: name, count: nameLength)
            let value = UnsafeBufferPointer(start: value, count: valueLength)
            let isTrailer = frame.pointee.headers.cat != NGHTTP2_HCAT_REQUEST
            HTTP2Session.owner(userData).header(
                streamID: frame.pointee.hd.stream_id, name: name, value: value, isTrailer: isTrailer
            )
            return 0
        }
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) { _, _, streamID, data, length, userData in
            guard let userData else { return 0 }
            HTTP2Session.owner(userData).data(streamID: streamID, UnsafeBufferPointer(start: data, count: length))
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks) { _, frame, userData in
            guard let frame, let userData else { return 0 }
            HTTP2Session.owner(userData).frameReceived(frame.pointee)
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_send_callback(callbacks) { _, frame, userData in
            guard let frame, let userData else { return 0 }
            HTTP2Session.owner(userData).frameSent(frame.pointee)
            return 0
        }
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) { _, streamID, _, userData in
            guard let userData else { return 0 }
            HTTP2Session.owner(userData).streamClosed(streamID)
            return 0
        }
        var option: OpaquePointer?
        guard nghttp2_option_new(&option) == 0, let option else { return nil }
        defer { nghttp2_option_del(option) }
        // Our own per-stream and connection windows are raised in init; nghttp2 acknowledges
        // consumed DATA itself (automatic WINDOW_UPDATE).
        var session: OpaquePointer?
        guard nghttp2_session_server_new2(&session, callbacks, userData, option) == 0 else { return nil }
        return session
    }

    private static func owner(_ userData: UnsafeMutableRawPointer) -> HTTP2Session {
        Unmanaged<HTTP2Session>.fromOpaque(userData).takeUnretainedValue()
    }

    private static func isEndStream(_ frame: nghttp2_frame) -> Bool {
        frame.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0
    }

    func beginHeaders(_ frame: nghttp2_frame) {
        guard frame.hd.type == UInt8(NGHTTP2_HEADERS.rawValue), frame.headers.cat == NGHTTP2_HCAT_REQUEST else {
            return
        }
        streams[frame.hd.stream_id] = HTTP2Stream(receivedAt: now)
    }

    /// One header field; fields past the header-list limit are counted, not kept; trailer
    /// fields are counted and dropped (as HTTP/1.1 chunked trailers are).
    func header(
        streamID: Int32, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, isTrailer: Bool
    ) {
        guard let stream = streams[streamID], !stream.isRefused, !stream.requestEnded else { return }
        stream.bytesIn += name.count + value.count
        if isTrailer { return }
        stream.headerListSize += name.count + value.count + 32
        guard stream.headerListSize <= configuration.limits.maxHeaderBytes else { return }
        let text = String(decoding: value, as: UTF8.self)
        switch String(decoding: name, as: UTF8.self) {
        case ":method": stream.method = text
        case ":path": stream.target = text
        case ":authority": stream.authority = text
        case let field where field.hasPrefix(":"): break  // :scheme (nghttp2 checked them all)
        case let field: stream.headers.add(field, text)
        }
    }

    func data(streamID: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard let stream = streams[streamID], !stream.isRefused else { return }
        stream.bytesIn += bytes.count
        if stream.body.count + bytes.count > configuration.limits.maxBodyBytes {
            stream.body = []
            let detail = "The request body is larger than \(configuration.limits.maxBodyBytes) bytes."
            refuse(streamID: streamID, ProblemDetails(status: .contentTooLarge, detail: detail))
            return
        }
        stream.body.append(contentsOf: bytes)
    }

    func frameReceived(_ frame: nghttp2_frame) {
        let streamID = frame.hd.stream_id
        let type = frame.hd.type
        guard type == UInt8(NGHTTP2_HEADERS.rawValue) || type == UInt8(NGHTTP2_DATA.rawValue),
            let stream = streams[streamID]
        else { return }
        if Self.isEndStream(frame) { stream.requestEnded = true }
        if type == UInt8(NGHTTP2_HEADERS.rawValue), stream.headEndedAt == nil { stream.headEndedAt = now }
        if type == UInt8(NGHTTP2_HEADERS.rawValue), frame.headers.cat == NGHTTP2_HCAT_REQUEST,
            stream.headerListSize > configuration.limits.maxHeaderBytes
        {
            let detail = "The header list is larger than \(configuration.limits.maxHeaderBytes) bytes."
            refuse(streamID: streamID, ProblemDetails(status: .requestHeaderFieldsTooLarge, detail: detail))
            return
        }
        if stream.requestEnded, !stream.isRefused, !stream.isDispatched { dispatch(streamID: streamID) }
    }

    /// After the last frame of an early answer, tells a client still sending to stop (RFC 9113 §8.1).
    func frameSent(_ frame: nghttp2_frame) {
        let type = frame.hd.type
        guard type == UInt8(NGHTTP2_HEADERS.rawValue) || type == UInt8(NGHTTP2_DATA.rawValue), Self.isEndStream(frame),
            let stream = streams[frame.hd.stream_id], stream.isRefused, !stream.requestEnded, let session
        else { return }
        _ = nghttp2_submit_rst_stream(
            session, UInt8(NGHTTP2_FLAG_NONE.rawValue), frame.hd.stream_id, NGHTTP2_NO_ERROR.rawValue)
    }
}
