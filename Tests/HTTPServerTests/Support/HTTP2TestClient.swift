import CNghttp2

@testable import HTTPServer

/// An nghttp2 client session wired straight to an `HTTP2Session`: no sockets, bytes handed
/// back and forth by `exchange()`. The server's requests are answered by the test.
final class HTTP2TestClient {
    /// What the client saw of one stream.
    struct Stream {
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        var closed = false
        /// The RST_STREAM or close error code (0: NO_ERROR).
        var errorCode: UInt32?

        var status: Int? { headers.first { $0.0 == ":status" }.flatMap { Int($0.1) } }
        func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }
    }

    let server: HTTP2Session
    private var session: OpaquePointer?
    var streams: [Int32: Stream] = [:]
    var goawayReceived = false
    /// Requests the server handed out, not answered yet.
    var pending: [HTTP2Session.Request] = []
    /// Every byte the server sent through `exchange()`, in order.
    private(set) var serverOutput: [UInt8] = []

    init(server: HTTP2Session, settings: [nghttp2_settings_entry] = []) {
        self.server = server
        var callbacks: OpaquePointer?
        nghttp2_session_callbacks_new(&callbacks)
        nghttp2_session_callbacks_set_on_header_callback(callbacks) {
            _, frame, name, nameLength, value, valueLength, _, user in
            let client = HTTP2TestClient.owner(user)
            let field = (
                String(decoding: UnsafeBufferPointer(start: name, count: nameLength), as: UTF8.self),
                String(decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self)
            )
            client.streams[frame!.pointee.hd.stream_id, default: Stream()].headers.append(field)
            return 0
        }
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) { _, _, streamID, data, length, user in
            HTTP2TestClient.owner(user).streams[streamID, default: Stream()].body
                .append(contentsOf: UnsafeBufferPointer(start: data, count: length))
            return 0
        }
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) { _, streamID, errorCode, user in
            let client = HTTP2TestClient.owner(user)
            client.streams[streamID, default: Stream()].closed = true
            client.streams[streamID, default: Stream()].errorCode = errorCode
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks) { _, frame, user in
            if frame!.pointee.hd.type == UInt8(NGHTTP2_GOAWAY.rawValue) {
                HTTP2TestClient.owner(user).goawayReceived = true
            }
            return 0
        }
        nghttp2_session_client_new(&session, callbacks, Unmanaged.passUnretained(self).toOpaque())
        nghttp2_session_callbacks_del(callbacks)
        var settings = settings
        nghttp2_submit_settings(session, 0, &settings, settings.count)
    }

    deinit { nghttp2_session_del(session) }

    private static func owner(_ user: UnsafeMutableRawPointer?) -> HTTP2TestClient {
        Unmanaged<HTTP2TestClient>.fromOpaque(user!).takeUnretainedValue()
    }

    /// Submits a request; returns its stream ID.
    @discardableResult
    func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) -> Int32 {
        let fields = [(":method", method), (":path", path), (":scheme", "http"), (":authority", "test")] + headers
        var storage: [UInt8] = []
        var ranges: [(Range<Int>, Range<Int>)] = []
        for (name, value) in fields {
            let nameStart = storage.count
            storage += Array(name.utf8)
            let valueStart = storage.count
            storage += Array(value.utf8)
            ranges.append((nameStart..<valueStart, valueStart..<storage.count))
        }
        let streamID = storage.withUnsafeMutableBufferPointer { bytes -> Int32 in
            let list = ranges.map { name, value in
                nghttp2_nv(
                    name: bytes.baseAddress! + name.lowerBound, value: bytes.baseAddress! + value.lowerBound,
                    namelen: name.count, valuelen: value.count, flags: 0)
            }
            guard body != nil else { return nghttp2_submit_request(session, nil, list, list.count, nil, nil) }
            var provider = nghttp2_data_provider(source: nghttp2_data_source(ptr: nil), read_callback: Self.readUpload)
            return nghttp2_submit_request(session, nil, list, list.count, &provider, nil)
        }
        if let body { uploadStreams[streamID] = body }
        return streamID
    }

    private var uploadStreams: [Int32: [UInt8]] = [:]

    private static let readUpload: nghttp2_data_source_read_callback = { _, streamID, buffer, length, flags, _, user in
        let client = HTTP2TestClient.owner(user)
        let remaining = client.uploadStreams[streamID] ?? []
        let count = min(length, remaining.count)
        remaining.withUnsafeBufferPointer { buffer!.update(from: $0.baseAddress!, count: count) }
        client.uploadStreams[streamID] = Array(remaining.dropFirst(count))
        if count == remaining.count { flags!.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue }
        return count
    }

    /// Sends what the client has to the server and back until neither side has more to say;
    /// requests the server completes are collected in `pending`.
    func exchange(now: ContinuousClock.Instant = .now) {
        for _ in 0..<100 {
            var toServer: [UInt8] = []
            while true {
                var data: UnsafePointer<UInt8>?
                let count = nghttp2_session_mem_send(session, &data)
                guard count > 0, let data else { break }
                toServer.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
            }
            pending += server.receive(toServer, now: now)
            var toClient: [UInt8] = []
            server.drainOutput(into: &toClient)
            serverOutput += toClient
            if !toClient.isEmpty { _ = nghttp2_session_mem_recv(session, toClient, toClient.count) }
            if toServer.isEmpty && toClient.isEmpty { return }
        }
    }

    /// Gives the client bytes the server produced outside `exchange` (a drain of its own).
    func receiveFromServer(_ bytes: [UInt8]) {
        serverOutput += bytes
        if !bytes.isEmpty { _ = nghttp2_session_mem_recv(session, bytes, bytes.count) }
    }

    /// Resets a stream (RST_STREAM CANCEL) and exchanges.
    func reset(_ streamID: Int32) {
        nghttp2_submit_rst_stream(session, 0, streamID, NGHTTP2_CANCEL.rawValue)
        exchange()
    }

    /// Sends raw bytes to the server (for malformed input); returns the server's answer bytes.
    func sendRaw(_ bytes: [UInt8]) -> [UInt8] {
        pending += server.receive(bytes, now: .now)
        var answer: [UInt8] = []
        server.drainOutput(into: &answer)
        return answer
    }

    /// Answers a pending request with `response`.
    func answer(_ request: HTTP2Session.Request, _ response: HTTPResponse) {
        pending.removeAll { $0.streamID == request.streamID }
        server.complete(
            streamID: request.streamID, with: response, request: request.request, requestID: request.context.id
        )
        exchange()
    }
}
