internal import CNghttp2

/// The nghttp2 callbacks: C function pointers that capture nothing and reach the session
/// through `user_data`.
extension HTTP2Session {
    static func makeSession(userData: UnsafeMutableRawPointer, allocator: nghttp2_mem) -> OpaquePointer? {
        var callbacks: OpaquePointer?
        guard nghttp2_session_callbacks_new(&callbacks) == 0, let callbacks else { return nil }
        defer { nghttp2_session_callbacks_del(callbacks) }
        nghttp2_session_callbacks_set_on_begin_frame_callback(callbacks) { _, header, userData in
            guard let header, let userData else { return 0 }
            return HTTP2Session.withOwner(userData) { $0.beginFrame(header.pointee) }
        }
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks) { _, frame, userData in
            guard let frame, let userData else { return 0 }
            HTTP2Session.withOwner(userData) { $0.beginHeaders(frame.pointee) }
            return 0
        }
        nghttp2_session_callbacks_set_on_header_callback(callbacks) {
            _, frame, name, nameLength, value, valueLength, _, userData in
            guard let frame, let userData else { return 0 }
            let name = UnsafeBufferPointer(start: name, count: nameLength)
            let value = UnsafeBufferPointer(start: value, count: valueLength)
            let isTrailer = frame.pointee.headers.cat != NGHTTP2_HCAT_REQUEST
            let streamID = frame.pointee.hd.stream_id
            return HTTP2Session.withOwner(userData) {
                $0.header(streamID: streamID, name: name, value: value, isTrailer: isTrailer)
            }
        }
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) { _, _, streamID, data, length, userData in
            guard let userData else { return 0 }
            HTTP2Session.withOwner(userData) {
                $0.data(streamID: streamID, UnsafeBufferPointer(start: data, count: length))
            }
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks) { _, frame, userData in
            guard let frame, let userData else { return 0 }
            return HTTP2Session.withOwner(userData) { $0.frameReceived(frame.pointee) }
        }
        nghttp2_session_callbacks_set_on_frame_send_callback(callbacks) { _, frame, userData in
            guard let frame, let userData else { return 0 }
            HTTP2Session.withOwner(userData) { $0.frameSent(frame.pointee) }
            return 0
        }
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) { _, streamID, _, userData in
            guard let userData else { return 0 }
            HTTP2Session.withOwner(userData) { $0.streamClosed(streamID) }
            return 0
        }
        var option: OpaquePointer?
        guard nghttp2_option_new(&option) == 0, let option else { return nil }
        defer { nghttp2_option_del(option) }
        // nghttp2's own flood limits (their defaults, stated): 32 entries per SETTINGS frame,
        // 8 CONTINUATION frames per header block, 1 000 unsent PING/SETTINGS acknowledgements.
        // Its stream-reset limit ends the connection with INTERNAL_ERROR: it stays as a
        // backstop above our own bucket (`isFlood`), which answers ENHANCE_YOUR_CALM first.
        nghttp2_option_set_max_settings(option, 32)
        nghttp2_option_set_max_continuations(option, 8)
        nghttp2_option_set_max_outbound_ack(option, 1000)
        nghttp2_option_set_stream_reset_rate_limit(option, 2 * UInt64(floodBurst), 2 * UInt64(floodRate))
        // A closed stream is forgotten at once. By default a server keeps each closed client stream
        // in RFC 7540's priority tree, up to nghttp2's idea of MAX_CONCURRENT_STREAMS, which it is
        // not told (see `addConcurrencySetting`) and takes as unlimited: a long connection kept
        // every stream it ever served (memory), and each new stream was linked among them.
        nghttp2_option_set_no_closed_streams(option, 1)
        // Our own per-stream and connection windows are raised in init. Window is given back
        // only as received DATA is admitted to the memory budget (`nghttp2_session_consume`,
        // see HTTP2Session+Memory), never automatically.
        nghttp2_option_set_no_auto_window_update(option, 1)
        var session: OpaquePointer?
        var allocator = allocator
        guard nghttp2_session_server_new3(&session, callbacks, userData, option, &allocator) == 0 else { return nil }
        return session
    }

    /// Calls `body` with the session `userData` points at, without retaining it for the call:
    /// nghttp2 calls back only from inside the session's own calls, while the session is alive.
    static func withOwner<R>(_ userData: UnsafeMutableRawPointer, _ body: (HTTP2Session) -> R) -> R {
        Unmanaged<HTTP2Session>.fromOpaque(userData)._withUnsafeGuaranteedRef(body)
    }

    private static func isEndStream(_ frame: nghttp2_frame) -> Bool {
        frame.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0
    }

    /// Every frame's header, before its payload: HEADERS opening a stream id lower than one
    /// already used is a connection error (RFC 9113 §5.1.1), which nghttp2 would ignore.
    func beginFrame(_ header: nghttp2_frame_hd) -> Int32 {
        guard header.type == UInt8(NGHTTP2_HEADERS.rawValue), header.stream_id & 1 == 1 else { return 0 }
        if header.stream_id > lastClientStreamID {
            lastClientStreamID = header.stream_id
            return 0
        }
        guard header.stream_id < lastClientStreamID, streams[header.stream_id] == nil,
            !recentlyClosed.contains(header.stream_id)
        else { return 0 }  // trailers, or a late frame on a stream just closed
        condemn(NGHTTP2_PROTOCOL_ERROR, "HEADERS on stream \(header.stream_id) below \(lastClientStreamID)")
        return Int32(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
    }

    /// A new request stream; past `maxConcurrentStreams` open ones it is refused alone with
    /// RST_STREAM REFUSED_STREAM (RFC 9113 §5.1.2), its fields ignored.
    func beginHeaders(_ frame: nghttp2_frame) {
        guard frame.hd.type == UInt8(NGHTTP2_HEADERS.rawValue), frame.headers.cat == NGHTTP2_HCAT_REQUEST else {
            return
        }
        let stream = makeStream(receivedAt: nowMoment)
        let tooMany = servedStreams >= Int(configuration.maxConcurrentStreams)
        if let session, tooMany || (!Self.isEndStream(frame) && !hasRoomForBody()) {
            if !tooMany { configuration.memory?.noteRefusal(.http2Stream) }
            stream.isRefused = true
            stream.requestEnded = true
            _ = nghttp2_submit_rst_stream(
                session, UInt8(NGHTTP2_FLAG_NONE.rawValue), frame.hd.stream_id, NGHTTP2_REFUSED_STREAM.rawValue)
        } else {
            servedStreams += 1
        }
        headerBlockStreamID = frame.hd.stream_id
        headerBlockStreamReference = Unmanaged.passUnretained(stream)
        streams[frame.hd.stream_id] = consume stream  // moved into the table, which holds it
    }

    /// One header field; trailer fields are counted and dropped (as HTTP/1.1 chunked trailers
    /// are). Past the header-list limit the stream is answered 431 and its fields are no longer
    /// kept; past twice the limit decoding stops (the rest of the block is skipped without
    /// validation, and nghttp2 resets the stream): an HPACK bomb costs no more than the limit.
    /// The `maxHeaderOverruns`-th stream over the limit ends the connection (ENHANCE_YOUR_CALM).
    /// The stream is used without a retain: nothing here reads or sends frames, so none closes.
    func header(
        streamID: Int32, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, isTrailer: Bool
    ) -> Int32 {
        if streamID == headerBlockStreamID, let stream = headerBlockStreamReference {
            return stream._withUnsafeGuaranteedRef {
                header(on: $0, streamID: streamID, name: name, value: value, isTrailer: isTrailer)
            }
        }
        return withStream(streamID) { stream in
            guard let stream else { return 0 }
            return header(on: stream, streamID: streamID, name: name, value: value, isTrailer: isTrailer)
        }
    }

    /// `header` for the stream found.
    @inline(__always)
    private func header(
        on stream: HTTP2Stream, streamID: Int32, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>,
        isTrailer: Bool
    ) -> Int32 {
        guard !stream.requestEnded else { return 0 }
        let limit = configuration.limits.maxHeaderBytes
        stream.headerListSize += name.count + value.count + 32
        if stream.headerListSize > 2 * limit { return Int32(NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue) }
        guard !stream.isRefused else { return 0 }
        stream.bytesIn += name.count + value.count
        if stream.headerListSize > limit {
            headerOverruns += 1
            if headerOverruns >= Self.maxHeaderOverruns {
                condemn(NGHTTP2_ENHANCE_YOUR_CALM, "\(headerOverruns) header lists over the limit")
                return Int32(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
            }
            let detail = configuration.detail(
                "The header list is larger than \(limit) bytes.", for: .requestHeaderFieldsTooLarge)
            refuse(streamID: streamID, ProblemDetails(status: .requestHeaderFieldsTooLarge, detail: detail))
            return 0
        }
        if isTrailer { return 0 }
        guard name.first == UInt8(ascii: ":") else {
            // A regular field: nghttp2 checked that its name is a lower-case token, so the name is
            // made from the bytes (a well-known one without a String, one spelled as the entry it
            // overwrites is that entry's) and is not lower-cased again; the value stays bytes until read.
            stream.addField(named: name, value: value)
            return 0
        }
        // The length picks the one name compared (`:scheme`, the other of seven bytes, is not kept).
        switch name.count {
        case 7 where Self.equals(name, ":method"):
            stream.method = HTTPMethod(tokenBytes: value)
            stream.hasMethod = true
        case 5 where Self.equals(name, ":path"): stream.targetRange = stream.addPseudoValue(value)
        case 10 where Self.equals(name, ":authority"): stream.authorityRange = stream.addPseudoValue(value)
        default: break  // :scheme (nghttp2 checked them all)
        }
        return 0
    }

    /// Whether `bytes` are `literal`'s. From 4 to 16 bytes (every pseudo-header name): two
    /// comparisons of words, the first and the last 4 (or 8) bytes, which overlap and so cover
    /// every byte; other lengths byte by byte.
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count == count, let base = bytes.baseAddress else { return count == 0 && bytes.isEmpty }
        let given = UnsafeRawPointer(base)
        let expected = UnsafeRawPointer(literal.utf8Start)
        switch count {
        case 8...16:
            return given.loadUnaligned(as: UInt64.self) == expected.loadUnaligned(as: UInt64.self)
                && given.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == expected.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        case 4...7:
            return given.loadUnaligned(as: UInt32.self) == expected.loadUnaligned(as: UInt32.self)
                && given.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == expected.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        default:
            for index in 0..<count where base[index] != literal.utf8Start[index] { return false }
            return true
        }
    }

    /// Whether `a` and `b` hold the same bytes: from 4 bytes on, compared a word at a time (the
    /// last word overlapping the one before when the count is not a multiple of it).
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = a.count
        guard b.count == count else { return false }
        guard count >= 4, let left = a.baseAddress.map(UnsafeRawPointer.init),
            let right = b.baseAddress.map(UnsafeRawPointer.init)
        else {
            for index in 0..<count where a[index] != b[index] { return false }
            return true
        }
        guard count >= 8 else {
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        var offset = 0
        while offset < count - 8 {
            guard
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }

    /// DATA of a request: kept once charged to the memory budget, its window given back while
    /// the connection's unfinished bodies stay under their cap (later otherwise). Past the body
    /// limit the stream is answered 413, past the budget 503 with `Retry-After`; dropped bytes
    /// are given back as window at once.
    func data(streamID: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard let stream = streams[streamID], !stream.isRefused else {
            consume(bytes.count, streamID: streamID)
            return
        }
        stream.bytesIn += bytes.count
        if stream.body.count + bytes.count > configuration.limits.maxBodyBytes {
            consume(bytes.count, streamID: streamID)
            releaseBody(of: stream, streamID: streamID)
            let detail = configuration.detail(
                "The request body is larger than \(configuration.limits.maxBodyBytes) bytes.", for: .contentTooLarge)
            refuse(streamID: streamID, ProblemDetails(status: .contentTooLarge, detail: detail))
            return
        }
        guard chargeBody(of: stream, upTo: stream.body.count + bytes.count) else {
            consume(bytes.count, streamID: streamID)
            releaseBody(of: stream, streamID: streamID)
            configuration.memory?.noteRefusal(.http2Body)
            let detail = "The server is short of memory for this body; retry in a second."
            refuse(streamID: streamID, ProblemDetails(status: .serviceUnavailable, detail: detail), retryAfter: true)
            return
        }
        stream.body.append(contentsOf: bytes)
        heldBodyBytes += bytes.count
        if heldBodyBytes <= configuration.maxConnectionBodyBytes {
            consume(bytes.count, streamID: streamID)
        } else {
            stream.unconsumed += bytes.count
            deferredWindow += bytes.count
        }
    }

    func frameReceived(_ frame: nghttp2_frame) -> Int32 {
        let streamID = frame.hd.stream_id
        let type = frame.hd.type
        if isFlood(frame) {
            condemn(NGHTTP2_ENHANCE_YOUR_CALM, "a flood of \(Self.frameName(type)) frames")
            return Int32(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
        }
        if streamID == headerBlockStreamID { endHeaderBlock() }  // its HEADERS (and CONTINUATION) ended
        guard type == UInt8(NGHTTP2_HEADERS.rawValue) || type == UInt8(NGHTTP2_DATA.rawValue) else { return 0 }
        let endsStream = Self.isEndStream(frame)
        // Not retained: queuing the request reads and sends no frames, so the stream stays open.
        withStream(streamID) { stream in
            guard let stream else { return }
            if endsStream { stream.requestEnded = true }
            // The body deadline's start, needed only while a body is still to come (`expireStreams`
            // skips ended requests): a request ended by its HEADERS never reads or writes it.
            if type == UInt8(NGHTTP2_HEADERS.rawValue), !stream.requestEnded, stream.headEndedMoment == nil {
                stream.headEndedMoment = nowMoment
            }
            if stream.requestEnded, !stream.isRefused, !stream.isDispatched { dispatch(stream, streamID: streamID) }
        }
        return 0
    }

    /// After the last frame of an early answer, tells a client still sending to stop (RFC 9113 §8.1).
    /// Only a refused stream has an early answer: while every open stream is served (the table
    /// holds `servedStreams` streams), no stream is looked up.
    func frameSent(_ frame: nghttp2_frame) {
        let type = frame.hd.type
        guard type == UInt8(NGHTTP2_HEADERS.rawValue) || type == UInt8(NGHTTP2_DATA.rawValue), Self.isEndStream(frame),
            streams.count > servedStreams, let stream = streams[frame.hd.stream_id], stream.isRefused,
            !stream.requestEnded, let session
        else { return }
        _ = nghttp2_submit_rst_stream(
            session, UInt8(NGHTTP2_FLAG_NONE.rawValue), frame.hd.stream_id, NGHTTP2_NO_ERROR.rawValue)
    }
}
