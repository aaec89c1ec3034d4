import CNghttp2
import Testing

@testable import HTTPServer

/// The byte-fed HTTP/2 session against an nghttp2 client, without sockets.
struct HTTP2SessionTests {
    static func session(
        maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20, observer: RecordingObserver? = nil
    ) -> HTTP2Session {
        let configuration = HTTP2Session.Configuration(
            limits: .init(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
        )
        return HTTP2Session(
            configuration: configuration, remoteAddress: "127.0.0.1:1", requestIDPrefix: "h2", observer: observer,
            now: .now
        )
    }

    static func text(_ body: String, type: String = "text/plain") -> HTTPResponse {
        HTTPResponse(headers: ["Content-Type": type], body: Array(body.utf8))
    }

    /// A name is its literal's only when every byte matches: at the pseudo-headers' lengths (5, 7,
    /// 10; compared as words) and others (byte by byte), a change of any one byte, or of the
    /// `sameBytes` tells equal runs of bytes from runs differing in any one byte or in length,
    /// for every length from 0 to 40 (bytes, one word, overlapping words, several words).
    @Test func sameBytesComparedByWords() {
        for count in 0...40 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: 3 * $0 + 1) }
            bytes.withUnsafeBufferPointer { a in
                let copy = Array(bytes)
                copy.withUnsafeBufferPointer { #expect(HTTP2Session.sameBytes(a, $0)) }
                for index in 0..<count {
                    var changed = bytes
                    changed[index] ^= 0x40
                    changed.withUnsafeBufferPointer { #expect(!HTTP2Session.sameBytes(a, $0)) }
                }
                (bytes + [1]).withUnsafeBufferPointer { #expect(!HTTP2Session.sameBytes(a, $0)) }
                if count > 0 { bytes.dropLast().withUnsafeBufferPointer { #expect(!HTTP2Session.sameBytes(a, $0)) } }
            }
        }
    }

    /// length, makes another name.
    @Test func namesComparedWhole() {
        let cases: [(StaticString, String)] = [
            (":path", ":path"), (":method", ":method"), (":authority", ":authority"), (":x", ":x"), ("", ""),
            ("sixteen-byte-abc", "sixteen-byte-abc"), ("seventeen-bytes-ab", "seventeen-bytes-ab"),
        ]
        for (literal, text) in cases {
            var bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { HTTP2Session.equals($0, literal) })
            for index in bytes.indices {
                bytes[index] ^= 0x20
                #expect(!bytes.withUnsafeBufferPointer { HTTP2Session.equals($0, literal) }, "\(text) \(index)")
                bytes[index] ^= 0x20
            }
            if !bytes.isEmpty {
                #expect(!Array(bytes.dropLast()).withUnsafeBufferPointer { HTTP2Session.equals($0, literal) })
            }
            #expect(!(bytes + [0x3a]).withUnsafeBufferPointer { HTTP2Session.equals($0, literal) })
        }
    }

    /// A GET comes out as an HTTPRequest (HTTP/2.0, Host from :authority); its answer carries
    /// :status, server, date, content-length and x-request-id, and is recorded as HTTP/2.0.
    @Test func requestAndResponse() throws {
        let observer = RecordingObserver()
        let client = HTTP2TestClient(server: Self.session(observer: observer))
        let id = client.request("GET", "/hello?x=1", headers: [("x-request-id", "abc")])
        client.exchange()
        let request = try #require(client.pending.first)
        #expect(request.streamID == id)
        #expect(request.request.method == .get && request.request.path == "/hello" && request.request.query == "x=1")
        #expect(request.request.version.description == "HTTP/2.0")
        #expect(request.request.headers["Host"] == "test")
        #expect(request.context.requestID == "abc")
        client.answer(request, Self.text("hello"))
        let stream = try #require(client.streams[id])
        #expect(stream.status == 200)
        #expect(stream.body == Array("hello".utf8))
        #expect(stream.header("content-length") == "5")
        #expect(stream.header("server") == "timeline-layout")
        #expect(stream.header("date")?.hasSuffix(" GMT") == true)
        #expect(stream.header("x-request-id") == "abc")
        #expect(stream.closed && stream.errorCode == 0)
        let record = try #require(observer.records.withLock { $0.first })
        #expect(record.protocolVersion == "HTTP/2.0" && record.status == 200 && record.path == "/hello")
    }

    /// A stream answered and closed is forgotten by nghttp2 too: a long connection does not keep
    /// every stream it served (nghttp2 kept closed streams for RFC 7540's priority tree, with no
    /// bound since it is not told the concurrency limit).
    @Test func closedStreamsAreNotKept() throws {
        let client = HTTP2TestClient(server: Self.session())
        var ids: [Int32] = []
        for _ in 0..<3 {
            let id = client.request("GET", "/a")
            client.exchange()
            for request in client.pending { client.answer(request, Self.text("a")) }
            client.pending.removeAll()
            ids.append(id)
        }
        #expect(ids.allSatisfy { client.streams[$0]?.closed == true })
        let session = try #require(client.server.session)
        #expect(ids.allSatisfy { nghttp2_session_find_stream(session, $0) == nil })
    }

    /// A closed stream goes back to the session's free list and serves the next stream as a new
    /// one: the second request carries none of the first one's method, fields, body or HEAD-ness,
    /// and the same object served both.
    @Test func reusedStreamStartsClean() throws {
        let observer = RecordingObserver()
        let client = HTTP2TestClient(server: Self.session(observer: observer))
        let first = client.request(
            "POST", "/first", headers: [("user-agent", "one/1"), ("x-a", "1")], body: Array("abc".utf8))
        client.exchange()
        let firstRequest = try #require(client.pending.first)
        // Its identity only: a stream still referenced is not reused.
        let firstStream = ObjectIdentifier(try #require(client.server.streams[first]))
        client.answer(firstRequest, Self.text("first"))
        client.pending.removeAll()
        #expect(client.server.freeStreams.count == 1)
        let second = client.request("GET", "/second")
        client.exchange()
        #expect(client.server.freeStreams.isEmpty)
        #expect(client.server.streams[second].map(ObjectIdentifier.init) == firstStream)
        let request = try #require(client.pending.first)
        #expect(request.request.method == .get && request.request.path == "/second")
        #expect(request.request.body.isEmpty)
        #expect(request.request.headers["user-agent"] == nil && request.request.headers["x-a"] == nil)
        #expect(request.request.headers.fields.count == 1)  // Host, from :authority
        client.answer(request, Self.text("second"))
        #expect(client.streams[second]?.body == Array("second".utf8))
        #expect(client.streams[second]?.header("content-length") == "6")
        let records = observer.records.withLock { $0 }
        // Field names and values, then the body: 11 + 11 + 11 + 14 + 15 + 4 + 3, then 10 + 12 + 11 + 14.
        #expect(records.map(\.bytesIn) == [69, 47])
        #expect(records.last?.userAgent == nil && records.last?.method == .get)
        #expect(client.server.freeStreams.count == 1)
    }

    /// A reused stream keeps its emptied field buffer's storage for the next request, which
    /// allocates none; a request still holding the old buffer keeps its fields; a buffer larger
    /// than `keptFieldBytes` is freed.
    @Test func reusedStreamKeepsItsFieldBuffer() throws {
        let client = HTTP2TestClient(server: Self.session())
        let first = client.request("GET", "/first", headers: [("x-a", "1")])
        client.exchange()
        let capacity = try #require(client.server.streams[first]).fieldBytes.capacity
        #expect(capacity >= HTTP2Stream.initialFieldBytes)
        let held = try #require(client.pending.first)
        client.answer(held, Self.text("first"))
        client.pending.removeAll()
        // The answered request is still held here: its fields are its own.
        #expect(held.request.headers["x-a"] == "1" && held.request.headers["Host"] == "test")
        let free = try #require(client.server.freeStreams.first)
        #expect(free.fieldByteCount == 0 && free.fieldBytes.capacity == capacity)

        let second = client.request("GET", "/second", headers: [("x-b", "2")])
        client.exchange()
        #expect(client.server.streams[second]?.fieldBytes.capacity == capacity)
        let request = try #require(client.pending.first)
        #expect(request.request.path == "/second" && request.request.headers["x-b"] == "2")
        #expect(request.request.headers["x-a"] == nil && held.request.headers["x-a"] == "1")
        client.answer(request, Self.text("second"))
        client.pending.removeAll()

        let large = String(repeating: "v", count: HTTP2Stream.keptFieldBytes + 1)
        client.request("GET", "/third", headers: [("x-c", large)])
        client.exchange()
        let third = try #require(client.pending.first)
        #expect(third.request.headers["x-c"] == large)
        client.answer(third, Self.text("third"))
        client.pending.removeAll()
        #expect(
            client.server.freeStreams.first.map {
                $0.fieldByteCount == 0 && $0.fieldBytes.isEmpty && $0.fieldBytes.capacity == 0
            } == true)
    }

    /// A reused stream writes the next request's received fields into the storage of the last
    /// one's (no array per request); a request still holding that storage keeps its fields; a
    /// storage of more than `keptReceivedFields` fields is freed.
    @Test func reusedStreamKeepsItsReceivedFields() throws {
        func storage(_ fields: [HTTPHeaders.Field]) -> UnsafeRawPointer? {
            fields.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
        }
        let client = HTTP2TestClient(server: Self.session())
        client.request("GET", "/first", headers: [("x-a", "1"), ("x-b", "2")])
        client.exchange()
        let kept: UnsafeRawPointer
        do {  // the request is answered, then gone before its stream closes
            let first = client.pending.removeFirst()
            #expect(first.request.headers.fields.map(\.name.canonicalName) == ["x-a", "x-b", "host"])
            kept = try #require(storage(first.request.headers.fields))
            client.server.complete(
                streamID: first.streamID, with: Self.text("first"), request: first.request, requestID: first.context.id)
        }
        client.exchange()
        #expect(client.server.freeStreams.first.map { $0.receivedFields.isEmpty } == true)
        #expect(client.server.freeStreams.first.map { storage($0.receivedFields) == kept } == true)

        client.request("GET", "/second", headers: [("x-c", "3")])
        client.exchange()
        let held = try #require(client.pending.first)
        #expect(storage(held.request.headers.fields) == kept)
        #expect(held.request.headers.fields.map(\.name.canonicalName) == ["x-c", "host"])
        #expect(held.request.headers["x-c"] == "3" && held.request.headers["Host"] == "test")
        client.answer(held, Self.text("second"))
        client.pending.removeAll()
        // Still held here: the stream's reset left these fields alone and took other storage.
        #expect(held.request.headers["x-c"] == "3" && held.request.headers["x-a"] == nil)
        #expect(client.server.freeStreams.first.map { $0.receivedFields.isEmpty } == true)

        client.request("GET", "/third", headers: [("x-d", "4")])
        client.exchange()
        let third = try #require(client.pending.first)
        #expect(third.request.headers["x-d"] == "4" && third.request.headers["x-c"] == nil)
        #expect(held.request.headers["x-c"] == "3" && held.request.headers["Host"] == "test")
        client.answer(third, Self.text("third"))
        client.pending.removeAll()

        let many = (0..<HTTP2Stream.keptReceivedFields).map { ("x-f\($0)", "\($0)") }
        client.request("GET", "/fourth", headers: many)
        client.exchange()
        let fourth = try #require(client.pending.first)
        #expect(fourth.request.headers.fields.count == HTTP2Stream.keptReceivedFields + 1)
        #expect(fourth.request.headers["x-f15"] == "15")
        client.answer(fourth, Self.text("fourth"))
        client.pending.removeAll()
        #expect(client.server.freeStreams.first.map { $0.receivedFields.capacity == 0 } == true)
    }

    /// Twenty requests completed by one read come out in stream order, the session's room for
    /// them grown past its first batch; requests a read completed and nobody took are dropped by
    /// the next read.
    @Test func readyRequestsInOrderAndDroppedWhenNotTaken() throws {
        let client = HTTP2TestClient(server: Self.session())
        let ids = (0..<20).map { client.request("GET", "/n\($0)") }
        client.exchange()
        #expect(client.pending.map(\.streamID) == ids)
        #expect(client.pending.map(\.request.path) == (0..<20).map { "/n\($0)" })
        #expect(client.server.readyCapacity == 2 * HTTP2Session.readyBatch)
        for request in client.pending { client.answer(request, Self.text("n")) }
        client.pending.removeAll()
        #expect(ids.allSatisfy { client.streams[$0]?.body == Array("n".utf8) })

        let server = client.server
        let frames = RawHTTP2.get(stream: 41) + RawHTTP2.get(stream: 43)
        frames.withUnsafeBytes { server.read($0, now: .now) }
        #expect(server.takeRequest()?.streamID == 41)
        #expect(server.readyCount - server.readyTaken == 1)
        server.read(UnsafeRawBufferPointer(start: nil, count: 0), now: .now)
        #expect(server.readyCount == 0 && server.takeRequest() == nil)
    }

    /// Three streams are handed out together and answered in reverse order; each gets its own body.
    @Test func concurrentStreamsAnsweredOutOfOrder() throws {
        let client = HTTP2TestClient(server: Self.session())
        let ids = ["/a", "/b", "/c"].map { client.request("GET", $0) }
        client.exchange()
        #expect(client.pending.map(\.streamID) == ids)
        for request in client.pending.reversed() { client.answer(request, Self.text(request.request.path)) }
        #expect(ids.map { client.streams[$0]?.body } == [Array("/a".utf8), Array("/b".utf8), Array("/c".utf8)])
    }

    /// A POST body split over DATA frames arrives whole; a 200 KiB answer flows through the
    /// client's 64 KiB default window as WINDOW_UPDATEs come back.
    @Test func bodiesBothWays() throws {
        let client = HTTP2TestClient(server: Self.session())
        let upload = (0..<100_000).map { UInt8($0 % 251) }
        let id = client.request("POST", "/echo", body: upload)
        client.exchange()
        let request = try #require(client.pending.first)
        #expect(request.request.body == upload)
        let download = (0..<200_000).map { UInt8($0 % 241) }
        client.answer(request, HTTPResponse(body: download))
        #expect(client.streams[id]?.body == download)
        #expect(client.streams[id]?.header("content-length") == "200000")
    }

    /// A body over the limit is answered 413 at once, the stream reset with NO_ERROR, and no request is handed out.
    @Test func bodyOverLimit() throws {
        let client = HTTP2TestClient(server: Self.session(maxBodyBytes: 1000))
        let id = client.request("POST", "/echo", body: [UInt8](repeating: 1, count: 5000))
        client.exchange()
        #expect(client.pending.isEmpty)
        #expect(client.streams[id]?.status == 413)
        #expect(client.streams[id]?.header("content-type") == "application/problem+json")
        #expect(client.streams[id]?.closed == true)
        let other = client.request("GET", "/after")
        client.exchange()
        #expect(client.pending.map(\.streamID) == [other])  // the connection goes on
    }

    /// A header list over the limit (name + value + 32 per field) is answered 431 on its stream only.
    @Test func headerListOverLimit() throws {
        let client = HTTP2TestClient(server: Self.session(maxHeaderBytes: 1000))
        let big = client.request("GET", "/big", headers: [("x-big", String(repeating: "a", count: 1000))])
        let small = client.request("GET", "/small")
        client.exchange()
        #expect(client.streams[big]?.status == 431)
        #expect(client.pending.map(\.streamID) == [small])
    }

    /// A request whose headers just fit passes: 4 pseudo-headers, then x-pad sized to the limit.
    @Test func headerListAtLimit() throws {
        // :method GET (7+3+32) :path /a (5+2+32) :scheme http (7+4+32) :authority test (10+4+32) = 170
        // x-pad: 5 + n + 32; total 1000 → n = 793.
        let client = HTTP2TestClient(server: Self.session(maxHeaderBytes: 1000))
        client.request("GET", "/a", headers: [("x-pad", String(repeating: "p", count: 793))])
        client.request("GET", "/a", headers: [("x-pad", String(repeating: "p", count: 794))])
        client.exchange()
        #expect(client.pending.map(\.streamID) == [1])
        #expect(client.streams[3]?.status == 431)
    }

    /// A HEAD answer has content-length but no DATA frame.
    @Test func headHasNoBody() throws {
        let client = HTTP2TestClient(server: Self.session())
        let id = client.request("HEAD", "/hello")
        client.exchange()
        client.answer(try #require(client.pending.first), Self.text("hello"))
        #expect(client.streams[id]?.header("content-length") == "5")
        #expect(client.streams[id]?.body == [])
    }

    /// Draining sends GOAWAY; the stream already taken is still answered, then the session is finished.
    @Test func drainingFinishesOpenStreams() throws {
        let session = Self.session()
        let client = HTTP2TestClient(server: session)
        let id = client.request("GET", "/slow")
        client.exchange()
        session.startDraining()
        client.exchange()
        #expect(client.goawayReceived)
        #expect(!session.isFinished)
        client.answer(try #require(client.pending.first), Self.text("done"))
        #expect(client.streams[id]?.body == Array("done".utf8))
        #expect(session.isFinished)
    }

    /// Not the client preface: the session fails (GOAWAY is not owed) and is finished.
    @Test func badPreface() {
        let session = Self.session()
        _ = HTTP2TestClient(server: session).sendRaw(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(session.isFinished)
    }

    /// A malformed frame (a SETTINGS frame 5 bytes long) is a connection error: GOAWAY
    /// FRAME_SIZE_ERROR (6), then the session is finished.
    @Test func malformedFrame() {
        let session = Self.session()
        let client = HTTP2TestClient(server: session)
        let preface = HTTP2Driver.preface + [0, 0, 0, 4, 0, 0, 0, 0, 0]
        _ = client.sendRaw(preface)
        let answer = client.sendRaw([0, 0, 5, 4, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5])
        let goaway = Self.frames(answer).first { $0.type == 7 }
        #expect(goaway?.payload.suffix(4) == [0, 0, 0, 6])
        #expect(session.isFinished)
    }

    /// The upgraded request becomes stream 1, half-closed: its answer goes out as HTTP/2.
    @Test func upgradeOpensStreamOne() throws {
        let settings = try #require(HTTP2Upgrade.decodeBase64URL("AAMAAABkAAQAAP__"))
        #expect(settings == [0, 3, 0, 0, 0, 100, 0, 4, 0, 0, 255, 255])
        #expect(HTTP2Upgrade.decodeBase64URL("AAMA") == nil)  // 3 bytes: not whole settings
        let request = HTTPRequest(
            method: .get, target: "/hello",
            headers: ["Upgrade": "h2c", "Connection": "Upgrade, HTTP2-Settings", "HTTP2-Settings": "AAMAAABkAAQAAP__"]
        )
        #expect(HTTP2Upgrade.settings(of: request) == settings)
        var withoutConnection = request
        withoutConnection.headers.remove("Connection")
        #expect(HTTP2Upgrade.settings(of: withoutConnection) == nil)
        let session = Self.session()
        #expect(session.upgrade(settings: settings, request: request, receivedAt: .now))
        session.complete(streamID: 1, with: Self.text("hi"), request: request, requestID: RequestContext.ID("u-1"))
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        // SETTINGS (type 4), WINDOW_UPDATE (8) widening the connection window to 1 MiB,
        // then HEADERS (1) and DATA (0) "hi" on stream 1.
        let frames = Self.frames(output)
        #expect(frames.map(\.type) == [4, 8, 1, 0])
        #expect(frames[1].payload == [0, 0x0f, 0, 1])  // 1 MiB − 65 535 = 983 041
        #expect(frames.last.map { [$0.streamID] + $0.payload.map(UInt32.init) } == [1, 104, 105])
    }

    /// Splits bytes into frames: 3-byte length, type, flags, 4-byte stream ID, payload.
    static func frames(_ bytes: [UInt8]) -> [(type: UInt8, streamID: UInt32, payload: [UInt8])] {
        var frames: [(type: UInt8, streamID: UInt32, payload: [UInt8])] = []
        var index = 0
        while index + 9 <= bytes.count {
            let length = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
            let streamID = bytes[(index + 5)..<(index + 9)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7fff_ffff
            guard index + 9 + length <= bytes.count else { break }
            frames.append((bytes[index + 3], streamID, Array(bytes[(index + 9)..<(index + 9 + length)])))
            index += 9 + length
        }
        return frames
    }
}

/// A response answered again with the same fields (a static answer) keeps the start of its header
/// list from the last one (`HTTP2Session.listPrefix`): every stream still gets exactly its own
/// header list.
struct HTTP2HeaderListPrefixTests {
    /// The header list of `stream` without `date` (written per second), in order.
    static func fields(_ stream: HTTP2TestClient.Stream?) -> [String] {
        (stream?.headers ?? []).filter { $0.0 != "date" }.map { "\($0.0): \($0.1)" }
    }

    /// One shared response on five streams (two at once), between them the same fields with
    /// another status, a changed copy of them, and a response without a body: each list is what
    /// its response alone gives, with its own `x-request-id` and `content-length`.
    @Test func repeatedResponsesKeepTheirOwnLists() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        let shared = HTTPResponse(headers: ["Content-Type": "application/json", "X-Request-Id": "handler's"])
        var changed = shared
        changed.headers.add("Cache-Control", "no-store")
        var answers: [(HTTPResponse, [String])] = []
        func answer(_ response: HTTPResponse, body: String, status: String, extra: [String] = []) {
            var response = response
            response.body = Array(body.utf8)
            let id = client.request("GET", "/a", headers: [("x-request-id", "client-\(answers.count)")])
            client.exchange()
            for request in client.pending { client.answer(request, response) }
            client.pending.removeAll()
            let expected =
                [":status: \(status)", "server: timeline-layout", "content-type: application/json"] + extra + [
                    "x-request-id: client-\(answers.count)", "content-length: \(body.utf8.count)",
                ]
            answers.append((response, expected))
            #expect(Self.fields(client.streams[id]) == expected)
        }
        answer(shared, body: "{}", status: "200")
        answer(shared, body: "{\"a\":1}", status: "200")
        answer(HTTPResponse(status: .notFound, headers: shared.headers), body: "{}", status: "404")
        answer(shared, body: "", status: "200")
        answer(changed, body: "{}", status: "200", extra: ["cache-control: no-store"])
        answer(shared, body: "[]", status: "200")
        // Two streams at once, both answered with the shared response.
        let ids = [client.request("GET", "/b"), client.request("GET", "/c")]
        client.exchange()
        for request in client.pending { client.answer(request, shared) }
        for id in ids {
            let fields = Self.fields(client.streams[id])
            #expect(fields.count == 5 && fields.last == "content-length: 0")
            #expect(fields.first { $0.hasPrefix("x-request-id: h2-") } != nil)
        }
    }

    /// A response with the fields of the last one listed is checked again unless its status is
    /// that one's too: with the same code and another reason, a control character in the reason
    /// still makes it a 500; with the same status it is answered as it is.
    @Test func sameFieldsOtherReasonStillChecked() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        let shared = HTTPResponse(headers: ["Content-Type": "text/plain"], body: Array("ok".utf8))
        var broken = shared
        broken.status = HTTPStatus(code: 200, reason: "O\u{1}K")
        var ids: [Int32] = []
        for response in [shared, broken, shared] {
            ids.append(client.request("GET", "/a"))
            client.exchange()
            for request in client.pending { client.answer(request, response) }
            client.pending.removeAll()
        }
        #expect(ids.map { client.streams[$0]?.status } == [200, 500, 200])
        #expect(client.streams[ids[1]]?.header("content-type") == "application/problem+json")
        #expect(client.streams[ids[0]]?.body == Array("ok".utf8) && client.streams[ids[2]]?.body == Array("ok".utf8))
    }
}

/// Responses submitted one after another before any is sent: nghttp2 reads each header list
/// where it was written (nothing copied at submission), so each stream gets its own fields,
/// while a later list starts anew (other fields) and outgrows the storage; once all are sent,
/// the session's list starts at the beginning of its storage again.
struct HTTP2HeaderListHeldTests {
    @Test func responsesSubmittedTogetherKeepTheirFields() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        let ids = ["/a", "/b", "/c", "/d"].map { client.request("GET", $0) }
        client.exchange()
        let requests = client.pending
        #expect(requests.map(\.streamID) == ids)
        client.pending.removeAll()
        let shared = HTTPResponse(headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        var other = HTTPResponse(headers: ["Content-Type": "text/plain"], body: Array("plain".utf8))
        other.headers.add("X-Long", String(repeating: "v", count: 600))
        let answers = [shared, shared, other, shared]
        let server = client.server
        for (request, response) in zip(requests, answers) {
            server.complete(
                streamID: request.streamID, with: response, request: request.request, requestID: request.context.id)
        }
        #expect(server.headerList.isHeld && server.headerList.scratchBytes > 600)
        client.exchange()
        #expect(!server.headerList.isHeld)
        for (index, id) in ids.enumerated() {
            let fields = HTTP2HeaderListPrefixTests.fields(client.streams[id])
            let requestID = try #require(fields.first { $0.hasPrefix("x-request-id: h2-") })
            let type = index == 2 ? "text/plain" : "application/json"
            let extra = index == 2 ? ["x-long: " + String(repeating: "v", count: 600)] : []
            let length = index == 2 ? 5 : 2
            #expect(
                fields == [":status: 200", "server: timeline-layout", "content-type: \(type)"] + extra + [
                    requestID, "content-length: \(length)",
                ])
            #expect(client.streams[id]?.body == answers[index].body)
        }
        let requestIDs = ids.map { client.streams[$0]?.header("x-request-id") }
        #expect(Set(requestIDs.compactMap { $0 }).count == 4)
        // All sent: the next new list (another status) overwrites the storage from its start.
        let next = client.request("GET", "/e")
        client.exchange()
        let request = try #require(client.pending.first)
        client.answer(request, HTTPResponse(status: .notFound, headers: shared.headers, body: shared.body))
        #expect(HTTP2HeaderListPrefixTests.fields(client.streams[next]).first == ":status: 404")
        #expect(!server.headerList.isHeld && server.headerList.scratchBytes < 100)
    }

    /// A drain stopped by its limit before every HEADERS frame went out leaves the list held: a
    /// response answered then (other fields, another status) writes after the bytes the unsent
    /// frame reads. The drain that sends them all releases it; the client reads each response whole.
    @Test func heldUntilTheHeadersAreSent() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        let ids = ["/a", "/b", "/c"].map { client.request("GET", $0) }
        client.exchange()
        let requests = client.pending
        #expect(requests.count == 3)
        client.pending.removeAll()
        let server = client.server
        let json = HTTPResponse(headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        let text = HTTPResponse(
            status: .notFound, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array("none".utf8))
        for request in requests.prefix(2) {
            server.complete(
                streamID: request.streamID, with: json, request: request.request, requestID: request.context.id)
        }
        var first: [UInt8] = []
        server.drainOutput(into: &first, limit: 1)  // one frame: the second HEADERS is not sent
        #expect(!first.isEmpty && server.headerList.isHeld)
        server.complete(
            streamID: requests[2].streamID, with: text, request: requests[2].request,
            requestID: requests[2].context.id)
        var rest: [UInt8] = []
        server.drainOutput(into: &rest)
        #expect(!server.headerList.isHeld)
        client.receiveFromServer(first + rest)
        client.exchange()
        for id in ids.prefix(2) {
            #expect(client.streams[id]?.status == 200)
            #expect(client.streams[id]?.header("content-type") == "application/json")
            #expect(client.streams[id]?.header("content-length") == "2")
            #expect(client.streams[id]?.body == Array("{}".utf8))
        }
        #expect(client.streams[ids[2]]?.status == 404)
        #expect(client.streams[ids[2]]?.header("content-type") == "text/plain; charset=utf-8")
        #expect(client.streams[ids[2]]?.body == Array("none".utf8))
    }
}

/// `x-request-id` on the wire: the session's first response puts it in the HPACK dynamic table
/// (a literal with incremental indexing and a new name, 0x40), the next ones are never-indexed
/// literals that name that entry by its index (0x1f: a 4-bit index prefix, filled), and the
/// `requestIDIndexInterval`-th after the first indexes one again (its name by index); the client
/// reads each stream's own ID, and the table holds one entry of that name per interval.
struct HTTP2RequestIDEncodingTests {
    @Test func requestIDNamedByIndexAfterTheFirst() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        let responses = HTTP2Session.requestIDIndexInterval + 2
        for number in 1...responses {
            let id = client.request("GET", "/a")
            client.exchange()
            for request in client.pending { client.answer(request, HTTP2SessionTests.text("a")) }
            client.pending.removeAll()
            #expect(client.streams[id]?.header("x-request-id") == "h2-\(number)")
        }
        var inflater: OpaquePointer?
        #expect(nghttp2_hd_inflate_new(&inflater) == 0)
        defer { nghttp2_hd_inflate_del(inflater) }
        // Per response: the first byte of its `x-request-id` field and whether it is never indexed.
        var firstBytes: [UInt8] = []
        var neverIndexed: [Bool] = []
        var values: [String] = []
        for frame in HTTP2SessionTests.frames(client.serverOutput) where frame.type == UInt8(NGHTTP2_HEADERS.rawValue) {
            frame.payload.withUnsafeBufferPointer { block in
                var offset = 0
                while offset <= block.count {
                    var field = nghttp2_nv()
                    var flags: Int32 = 0
                    let used = nghttp2_hd_inflate_hd2(
                        inflater, &field, &flags, block.baseAddress! + offset, block.count - offset, 1)
                    guard used >= 0 else { break }
                    if flags & Int32(NGHTTP2_HD_INFLATE_EMIT.rawValue) != 0,
                        String(decoding: UnsafeBufferPointer(start: field.name, count: field.namelen), as: UTF8.self)
                            == "x-request-id"
                    {
                        firstBytes.append(block[offset])
                        neverIndexed.append(field.flags & UInt8(NGHTTP2_NV_FLAG_NO_INDEX.rawValue) != 0)
                        values.append(
                            String(
                                decoding: UnsafeBufferPointer(start: field.value, count: field.valuelen), as: UTF8.self)
                        )
                    }
                    offset += used
                    if flags & Int32(NGHTTP2_HD_INFLATE_FINAL.rawValue) != 0 {
                        nghttp2_hd_inflate_end_headers(inflater)
                        break
                    }
                }
            }
        }
        let interval = HTTP2Session.requestIDIndexInterval
        #expect(values == (1...responses).map { "h2-\($0)" })
        #expect(neverIndexed == [false] + Array(repeating: true, count: interval - 1) + [false, true])
        #expect(firstBytes.count == responses && firstBytes[0] == 0x40)
        #expect(firstBytes[1..<interval].allSatisfy { $0 == 0x1f })
        // Incremental indexing with an indexed name (62 or more: six bits of prefix, not 0).
        #expect(firstBytes[interval] & 0xc0 == 0x40 && firstBytes[interval] != 0x40)
        #expect(firstBytes[interval + 1] == 0x1f)
        // The client's table: the two indexed IDs, newest first.
        let count = nghttp2_hd_inflate_get_num_table_entries(inflater)
        let indexed = (62...max(62, count)).compactMap { index -> String? in
            guard let entry = nghttp2_hd_inflate_get_table_entry(inflater, index)?.pointee,
                String(decoding: UnsafeBufferPointer(start: entry.name, count: entry.namelen), as: UTF8.self)
                    == "x-request-id"
            else { return nil }
            return String(decoding: UnsafeBufferPointer(start: entry.value, count: entry.valuelen), as: UTF8.self)
        }
        #expect(indexed == ["h2-\(interval + 1)", "h2-1"])
    }
}
