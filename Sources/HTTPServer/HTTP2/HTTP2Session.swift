internal import CNghttp2

/// One HTTP/2 server connection (RFC 9113) over libnghttp2: bytes in (`receive`), complete
/// requests out, responses in (`complete`), frames out (`drainOutput`). It does no I/O and runs
/// no handler, so tests feed it bytes. Same limits as HTTP/1.1: header list over the limit →
/// 431 on that stream, body over the limit → 413; a protocol error ends only this session.
///
/// Not Sendable: it lives on its event loop's thread. nghttp2's callbacks capture nothing and
/// find the session through `user_data`.
final class HTTP2Session {
    /// Limits and the name for the `server` header.
    struct Configuration: Sendable {
        var limits = HTTPServerConfiguration.Limits()
        /// Streams served at once, as SETTINGS advertises; the next one is refused alone
        /// (REFUSED_STREAM). nghttp2 is not told (see `addConcurrencySetting`).
        var maxConcurrentStreams: UInt32 = 100
        /// Our receive window per stream and for the connection (RFC 9113 §6.9.2).
        var initialWindowSize: UInt32 = 1 << 20
        var serverName = "timeline-layout"
        /// What bodies and unsent responses are charged to; nil: not bounded.
        var memory: MemoryBudget?
        /// The unfinished bodies of this connection together: past it no window is granted
        /// and new streams with a body are refused (`HTTPServerConfiguration.maxConnectionBodyBytes`).
        var maxConnectionBodyBytes = 4 << 20
        /// The settings a refusal over a size limit names; nil: none.
        var limitSettings: HTTPServerConfiguration.LimitSettings? = nil

        /// `detail` naming the setting behind `status`'s limit, when one is named.
        func detail(_ detail: String, for status: HTTPStatus) -> String {
            limitSettings?.detail(detail, for: status) ?? detail
        }
    }

    /// A request read whole, to answer with `complete(streamID:with:now:)`.
    struct Request {
        var request: HTTPRequest
        var context: RequestContext
        var streamID: Int32
        /// The body's charge to the memory budget, kept until the request is done.
        var charge: MemoryCharge? = nil
    }

    let configuration: Configuration
    let remoteAddress: String?
    let requestIDPrefix: String
    let observer: (any ServerObserver)?
    /// The event loop serving this session, given to its records so that the access log
    /// buffers a stream's line with the loop's other lines (0 outside a server).
    @exclusivity(unchecked) var loopIndex = 0
    /// The nghttp2_session; nil only if nghttp2 could not allocate one.
    @exclusivity(unchecked) private(set) var session: OpaquePointer?
    @exclusivity(unchecked) var streams = HTTP2StreamTable()
    /// The stream whose request header block is being decoded (from `beginHeaders` to the end
    /// of that block or the stream's close), so that each of its fields skips the table lookup.
    /// Not retained: `streams` holds it until its close, which forgets it (`streamClosed`).
    @exclusivity(unchecked) var headerBlockStreamID: Int32 = 0
    @exclusivity(unchecked) var headerBlockStreamReference: Unmanaged<HTTP2Stream>?
    /// Closed streams referenced by nothing else, reset and handed to the next streams
    /// (`makeStream`) instead of a new object each; at most `maxFreeStreams`.
    @exclusivity(unchecked) var freeStreams: [HTTP2Stream] = []
    /// Streams in `streams` that are not refused: those `maxConcurrentStreams` counts (kept
    /// as streams open, are refused and close, so that `beginHeaders` need not count them).
    @exclusivity(unchecked) var servedStreams = 0
    /// Requests completed by the bytes last read, in order, waiting to be taken (`takeRequest`):
    /// slots `readyTaken..<readyCount` of `readyStorage` (`readyCapacity` slots, kept from one
    /// read to the next) hold them.
    @exclusivity(unchecked) var readyStorage: UnsafeMutablePointer<Request>
    @exclusivity(unchecked) var readyCapacity = HTTP2Session.readyBatch
    @exclusivity(unchecked) var readyCount = 0
    @exclusivity(unchecked) var readyTaken = 0
    /// The time `receive` was called with, for the streams it opens.
    @exclusivity(unchecked) var now: ContinuousClock.Instant
    /// `now` as a `Moment`, for the streams it opens and ends.
    @exclusivity(unchecked) var nowMoment: Moment
    /// When the last bytes arrived or the last response was submitted.
    @exclusivity(unchecked) var lastActivity: ContinuousClock.Instant
    /// Response body bytes submitted and not yet framed (held back by flow control); charged
    /// to the memory budget as they change.
    @exclusivity(unchecked) var bufferedResponseBytes = 0 {
        didSet {
            let change = bufferedResponseBytes - oldValue
            if change > 0 {
                configuration.memory?.hold(change, .responses)
            } else if change < 0 {
                configuration.memory?.release(-change, .responses)
            }
        }
    }
    /// Bytes of the bodies being received on this connection (not yet handed out).
    @exclusivity(unchecked) var heldBodyBytes = 0
    /// DATA bytes received and not given back as window yet, all streams together.
    @exclusivity(unchecked) var deferredWindow = 0
    /// When response bytes last went out, or began to wait: a peer whose window stays at 0
    /// with bytes waiting makes no progress (`EventLoop` disconnects it after the write timeout).
    @exclusivity(unchecked) var lastBodyProgress: ContinuousClock.Instant
    /// DATA payload was framed during the current `drainOutput` (which then sets `lastBodyProgress`).
    @exclusivity(unchecked) var bodyProgressed = false
    /// Streams closed (reset) after their request was handed out and before it was answered:
    /// the caller cancels their work (`takeAbandonedStreams`).
    @exclusivity(unchecked) var abandonedStreams: [Int32] = []
    @exclusivity(unchecked) var dates = HTTPDateCache()
    /// The start of the last response's header list, kept for the next with the same fields.
    @exclusivity(unchecked) var listPrefix = ListPrefix()
    /// The last request's `:path` bytes and the target made of them (`requestTarget`).
    /// (Apart, not an optional pair: returning the target then copied and destroyed the pair.)
    @exclusivity(unchecked) var keptTargetBytes: ArraySlice<UInt8> = []
    @exclusivity(unchecked) var keptTarget = RequestTarget(target: "", path: "", query: nil)
    /// The `server` header's value.
    let serverNameBytes: [UInt8]
    /// The entries of the response being submitted, reused by each.
    let headerList: HTTP2HeaderList
    /// What `session` allocates with: its blocks are reused from stream to stream.
    let blocks = HTTP2BlockCache()
    @exclusivity(unchecked) var requestCounter = 0
    /// Responses since the last whose `x-request-id` went into the HPACK dynamic table, modulo
    /// `requestIDIndexInterval` (0: the next one goes in).
    @exclusivity(unchecked) var requestIDsSinceIndexed = 0
    /// nghttp2 reported an error it cannot recover from (bad preface, out of memory).
    @exclusivity(unchecked) private(set) var isFailed = false
    /// The peer broke the protocol or flooded: GOAWAY is queued, no more input is read.
    @exclusivity(unchecked) private(set) var isCondemned = false
    /// Why, for tests and debugging.
    @exclusivity(unchecked) private(set) var condemnation: String?
    /// The first SETTINGS frame went out with SETTINGS_MAX_CONCURRENT_STREAMS.
    @exclusivity(unchecked) private var advertisedConcurrency = false
    /// The highest client stream id seen on a HEADERS frame.
    @exclusivity(unchecked) var lastClientStreamID: Int32 = 0
    /// Ids of the last streams closed, whose late frames are not a protocol error.
    /// (A ring of the last `2 * maxConcurrentStreams` ids, searched only for a HEADERS frame on
    /// an id below the highest one and not open, which is rare; a close pays no hashing.)
    @exclusivity(unchecked) var recentlyClosed: [Int32] = []
    @exclusivity(unchecked) var recentlyClosedNext = 0
    /// Streams whose header list passed the limit, on this connection.
    @exclusivity(unchecked) var headerOverruns = 0
    /// Cheap frames that ask for work and carry none (PING, SETTINGS, PRIORITY, empty DATA
    /// without END_STREAM), as a token bucket: `floodBurst` at most, `floodRate` back per second.
    @exclusivity(unchecked) var floodTokens = Double(HTTP2Session.floodBurst)
    @exclusivity(unchecked) var floodRefilledAt: ContinuousClock.Instant
    @exclusivity(unchecked) private(set) var isDraining = false

    init(
        configuration: Configuration, remoteAddress: String?, requestIDPrefix: String,
        observer: (any ServerObserver)?, now: ContinuousClock.Instant
    ) {
        self.configuration = configuration
        self.remoteAddress = remoteAddress
        self.requestIDPrefix = requestIDPrefix
        self.observer = observer
        serverNameBytes = Array(configuration.serverName.utf8)
        headerList = HTTP2HeaderList(requestIDPrefix: requestIDPrefix)
        self.now = now
        nowMoment = Moment(now)
        lastActivity = now
        lastBodyProgress = now
        floodRefilledAt = now
        readyStorage = .allocate(capacity: Self.readyBatch)
        session = Self.makeSession(userData: Unmanaged.passUnretained(self).toOpaque(), allocator: blocks.allocator)
        guard let session else {
            isFailed = true
            return
        }
        var settings = [
            nghttp2_settings_entry(
                settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue),
                value: configuration.initialWindowSize
            ),
            nghttp2_settings_entry(
                settings_id: Int32(NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE.rawValue),
                value: UInt32(clamping: configuration.limits.maxHeaderBytes)
            ),
        ]
        let submitted = nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count)
        let widened = nghttp2_session_set_local_window_size(
            session, UInt8(NGHTTP2_FLAG_NONE.rawValue), 0, Int32(clamping: configuration.initialWindowSize)
        )
        if submitted != 0 || widened != 0 { isFailed = true }
    }

    deinit {
        configuration.memory?.release(bufferedResponseBytes, .responses)  // what was never sent
        nghttp2_session_del(session)
        blocks.release()  // after nghttp2 gave back every block
        discardReady()
        readyStorage.deallocate()
    }

    /// Bytes from the peer; the requests they completed wait, in order, to be taken with
    /// `takeRequest` (those of an earlier read not taken are dropped first). A session that
    /// failed or was condemned by them completes none.
    func read(_ bytes: UnsafeRawBufferPointer, now: ContinuousClock.Instant) {
        discardReady()
        guard let session, !isFailed, !isCondemned, !bytes.isEmpty else { return }
        self.now = now
        nowMoment = Moment(now)
        lastActivity = now
        let result = nghttp2_session_mem_recv(
            session, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        if result < 0 { failed(Int32(result)) }
        grantDeferredWindow()
        if isCondemned || isFailed { discardReady() }
    }

    /// The next request the last `read` completed, moved out of the session; nil once all are taken.
    func takeRequest() -> Request? {
        guard readyTaken < readyCount else { return nil }
        readyTaken += 1
        return (readyStorage + (readyTaken - 1)).move()
    }

    /// Bytes from the peer; returns the requests they completed.
    func receive(_ bytes: UnsafeRawBufferPointer, now: ContinuousClock.Instant) -> [Request] {
        read(bytes, now: now)
        var requests: [Request] = []
        while let request = takeRequest() { requests.append(request) }
        return requests
    }

    /// The slot of the next request queued for `takeRequest`, uninitialized: the caller
    /// initializes it at once, with the request made in place. The slots are kept from read to
    /// read (grown by doubling).
    func nextReadySlot() -> UnsafeMutablePointer<Request> {
        if readyTaken == readyCount {
            readyTaken = 0
            readyCount = 0
        }
        if readyCount == readyCapacity {
            let larger = UnsafeMutablePointer<Request>.allocate(capacity: 2 * readyCapacity)
            (larger + readyTaken).moveInitialize(from: readyStorage + readyTaken, count: readyCount - readyTaken)
            readyStorage.deallocate()
            readyStorage = larger
            readyCapacity *= 2
        }
        readyCount += 1
        return readyStorage + (readyCount - 1)
    }

    /// Drops the requests not taken.
    private func discardReady() {
        (readyStorage + readyTaken).deinitialize(count: readyCount - readyTaken)
        readyTaken = 0
        readyCount = 0
    }

    /// nghttp2 stopped reading with `code`: a flood ends the connection with GOAWAY
    /// ENHANCE_YOUR_CALM, another protocol error with PROTOCOL_ERROR (unless a callback already
    /// condemned it); input that is not HTTP/2 at all, or no memory, gets no GOAWAY.
    private func failed(_ code: Int32) {
        guard !isCondemned else { return }
        switch code {
        case NGHTTP2_ERR_FLOODED.rawValue, NGHTTP2_ERR_TOO_MANY_SETTINGS.rawValue,
            NGHTTP2_ERR_TOO_MANY_CONTINUATIONS.rawValue:
            condemn(NGHTTP2_ENHANCE_YOUR_CALM, String(cString: nghttp2_strerror(code)))
        case NGHTTP2_ERR_BAD_CLIENT_MAGIC.rawValue, NGHTTP2_ERR_NOMEM.rawValue:
            isFailed = true
        default:
            condemn(NGHTTP2_PROTOCOL_ERROR, String(cString: nghttp2_strerror(code)))
        }
    }

    /// Ends the connection for the peer's fault: GOAWAY with `code` (sent by `drainOutput`),
    /// then nothing more is read; the session is finished once the GOAWAY is out.
    func condemn(_ code: nghttp2_error_code, _ reason: String) {
        guard let session, !isCondemned else { return }
        isCondemned = true
        condemnation = reason  // not logged: an abusive client must not be able to flood the log either
        if nghttp2_session_terminate_session(session, code.rawValue) != 0 { isFailed = true }
    }

    /// Bytes from the peer; returns the requests they completed.
    func receive(_ bytes: [UInt8], now: ContinuousClock.Instant) -> [Request] {
        bytes.withUnsafeBytes { receive($0, now: now) }
    }

    /// Appends frames waiting to be sent until `buffer` holds `limit` bytes (DATA is produced
    /// only as fast as the peer's flow-control windows allow).
    /// `lastBodyProgress` is set once, at the end, if any DATA payload went out.
    func drainOutput(into buffer: inout [UInt8], limit: Int = .max) {
        guard let session, !isFailed else { return }
        defer {
            if bodyProgressed {
                bodyProgressed = false
                lastBodyProgress = .now
            }
        }
        while buffer.count < limit {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            guard count >= 0 else {
                isFailed = true
                return
            }
            guard count > 0, let data else {
                // Every frame queued was serialized: no submitted HEADERS reads the list's bytes.
                if headerList.isHeld, nghttp2_session_get_outbound_queue_size(session) == 0 { headerList.release() }
                return
            }
            let start = buffer.count
            buffer.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
            if !advertisedConcurrency { addConcurrencySetting(to: &buffer, at: start) }
        }
    }

    /// Adds SETTINGS_MAX_CONCURRENT_STREAMS to the server's first SETTINGS frame, which nghttp2
    /// serialized without it. Told the limit, nghttp2 treats the stream past it as a connection
    /// error (GOAWAY PROTOCOL_ERROR) once the client acknowledged it; RFC 9113 §5.1.2 makes it a
    /// stream error, so the session counts open streams itself and refuses the one too many
    /// with RST_STREAM REFUSED_STREAM (`beginHeaders`). The client acknowledges the one frame,
    /// as nghttp2 expects.
    private func addConcurrencySetting(to buffer: inout [UInt8], at start: Int) {
        guard buffer.count >= start + 9, buffer[start + 3] == UInt8(NGHTTP2_SETTINGS.rawValue),
            buffer[start + 4] & UInt8(NGHTTP2_FLAG_ACK.rawValue) == 0
        else { return }
        advertisedConcurrency = true
        let length = Int(buffer[start]) << 16 | Int(buffer[start + 1]) << 8 | Int(buffer[start + 2]) + 6
        buffer[start] = UInt8(length >> 16 & 0xff)
        buffer[start + 1] = UInt8(length >> 8 & 0xff)
        buffer[start + 2] = UInt8(length & 0xff)
        let value = configuration.maxConcurrentStreams
        let entry: [UInt8] = [
            0, UInt8(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), UInt8(value >> 24 & 0xff),
            UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff),
        ]
        buffer.insert(contentsOf: entry, at: start + 9)
    }

    /// True once the session is over: failed, or neither side has anything left to say
    /// (after GOAWAY with no open stream, or a connection error).
    var isFinished: Bool {
        guard let session, !isFailed else { return true }
        if isCondemned { return nghttp2_session_want_write(session) == 0 }
        return nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0
    }

    /// Whether more input is welcome.
    var wantsInput: Bool {
        guard let session, !isFailed, !isCondemned else { return false }
        return nghttp2_session_want_read(session) != 0
    }

    /// Requests handed out and not answered yet, or still being received.
    var hasOpenStreams: Bool { !streams.isEmpty }

    /// Graceful shutdown: GOAWAY naming the last stream taken, which still gets its answer;
    /// the session finishes once those are sent.
    func startDraining() {
        guard let session, !isDraining else { return }
        isDraining = true
        let last = nghttp2_session_get_last_proc_stream_id(session)
        _ = nghttp2_submit_goaway(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), last, NGHTTP2_NO_ERROR.rawValue, nil, 0)
    }

    /// Ends an idle session: GOAWAY, then the session is finished.
    func terminate() {
        guard let session else { return }
        _ = nghttp2_session_terminate_session(session, NGHTTP2_NO_ERROR.rawValue)
    }

    /// The streams closed before their answer since the last call.
    func takeAbandonedStreams() -> [Int32] {
        defer { abandonedStreams.removeAll() }
        return abandonedStreams
    }

    /// nghttp2 closed a stream: forget it (but for its id, a while), and free its unsent response.
    func streamClosed(_ streamID: Int32) {
        guard let stream = streams.removeValue(forKey: streamID) else { return }
        if streamID == headerBlockStreamID { endHeaderBlock() }
        if !stream.isRefused { servedStreams -= 1 }
        if recentlyClosed.count < 2 * Int(configuration.maxConcurrentStreams) {
            recentlyClosed.append(streamID)
        } else {
            recentlyClosed[recentlyClosedNext] = streamID
            recentlyClosedNext = (recentlyClosedNext + 1) % recentlyClosed.count
        }
        bufferedResponseBytes -= stream.responseBody.count - stream.responseOffset
        releaseBody(of: stream, streamID: streamID)
        if stream.isDispatched, !stream.isAnswered { abandonedStreams.append(streamID) }
        recycle(consume stream)
    }

    /// Forgets the stream of the header block being decoded.
    func endHeaderBlock() {
        headerBlockStreamID = 0
        headerBlockStreamReference = nil
    }

    /// The stream of the header block being decoded, nil when none.
    var headerBlockStream: HTTP2Stream? { headerBlockStreamReference?.takeUnretainedValue() }

    /// Calls `body` with the open stream `id` (nil when there is none), not retained for the
    /// call. A stream leaves `streams` only when nghttp2 closes it (`streamClosed`), which it
    /// does only inside `nghttp2_session_mem_recv` and `nghttp2_session_mem_send`: `body` must
    /// not call either (nor anything that does).
    @inline(__always)
    func withStream<R>(_ id: Int32, _ body: (HTTP2Stream?) -> R) -> R {
        guard let stream = streams.unretained(id) else { return body(nil) }
        return stream._withUnsafeGuaranteedRef { body($0) }
    }

    /// Streams kept on the free list at most: the few a connection opens at once under load.
    static let maxFreeStreams = 16

    /// A stream received at `receivedAt`: one from the free list (reset when it was put there),
    /// or a new one.
    func makeStream(receivedAt: Moment) -> HTTP2Stream {
        guard let stream = freeStreams.popLast() else { return HTTP2Stream(receivedAt: receivedAt) }
        stream.receivedMoment = receivedAt
        return stream
    }

    /// Puts a closed stream on the free list when nothing but `stream` references it and the
    /// list has room; its state is cleared at once (what it held is freed now, not on reuse).
    /// The stream is handed over (moved onto the list, not copied there and released here).
    private func recycle(_ stream: consuming HTTP2Stream) {
        guard freeStreams.count < Self.maxFreeStreams, isKnownUniquelyReferenced(&stream) else { return }
        stream.reset(receivedAt: stream.receivedMoment)
        freeStreams.append(consume stream)
    }

    /// The client's `X-Request-Id` (the first received on `stream`) when sane, else
    /// `<prefix>-<n>` (kept as prefix and number, formatted when read).
    func nextRequestID(for stream: HTTP2Stream) -> RequestContext.ID {
        requestCounter += 1
        if let range = stream.requestIDRange {
            let given = String(decoding: stream.fieldBytes[range], as: UTF8.self)
            if RequestContext.isSaneRequestID(given) { return RequestContext.ID(given) }
        }
        return RequestContext.ID(prefix: requestIDPrefix, number: requestCounter)
    }
}
