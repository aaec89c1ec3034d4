import Testing

@testable import HTTPServer

/// A request made from its stream's bytes: the target split once per distinct `:path` and given
/// again to the next request with the same bytes, `Host` from `:authority` after the fields
/// unless a `host` field came, and a reused stream's field entries never seen by the next request.
struct HTTP2RequestFromBytesTests {
    /// Each request on one connection, in order, against its own `:path`: repeated, the same
    /// length with other bytes, with and without a query, a query only, and the root.
    @Test func eachRequestHasItsOwnTarget() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        let paths = ["/healthz", "/healthz", "/healthy", "/a?x=1", "/a?x=2", "/a?x=2", "/a", "/?", "/", "/healthz"]
        for path in paths {
            _ = client.request("GET", path)
            client.exchange()
            let request = try #require(client.pending.first)
            let expected = HTTPRequest(method: .get, target: path)
            #expect(request.request.target == path)
            #expect(request.request.path == expected.path && request.request.query == expected.query)
            client.answer(request, HTTP2SessionTests.text("ok"))
            client.pending.removeAll()
        }
        #expect(client.server.keptTarget.target == "/healthz")
    }

    /// Requests open at once with other paths each get theirs.
    @Test func concurrentStreamsKeepTheirTargets() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        let paths = ["/one", "/two?b=2", "/one", "/three"]
        let ids = paths.map { client.request("GET", $0) }
        client.exchange()
        let byStream = Dictionary(uniqueKeysWithValues: client.pending.map { ($0.streamID, $0.request.target) })
        #expect(ids.map { byStream[$0] } == paths)
    }

    /// `Host` comes from `:authority` after the regular fields in their order; a `host` field
    /// sent by the client is kept and no second one is added.
    @Test func hostFromAuthorityUnlessSent() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        _ = client.request("GET", "/a", headers: [("user-agent", "u/1"), ("x-b", "2")])
        client.exchange()
        let first = try #require(client.pending.first)
        #expect(first.request.headers.fields.map(\.name.canonicalName) == ["user-agent", "x-b", "host"])
        #expect(first.request.headers.map(\.value) == ["u/1", "2", "test"])
        client.answer(first, HTTP2SessionTests.text("a"))
        client.pending.removeAll()
        _ = client.request("GET", "/b", headers: [("host", "example.org"), ("x-c", "3")])
        client.exchange()
        let second = try #require(client.pending.first)
        #expect(second.request.headers.values(.host) == ["example.org"])
        #expect(second.request.headers.fields.count == 2)
    }

    /// A reused stream that served a request with three fields serves one with one field: the
    /// kept entries of the first are not the second's fields.
    @Test func reusedEntriesAreNotFields() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        _ = client.request("GET", "/a", headers: [("x-a", "1"), ("x-b", "2"), ("x-c", "3")])
        client.exchange()
        client.answer(try #require(client.pending.first), HTTP2SessionTests.text("a"))
        client.pending.removeAll()
        #expect(client.server.freeStreams.count == 1)
        _ = client.request("GET", "/b", headers: [("x-d", "4")])
        client.exchange()
        let request = try #require(client.pending.first)
        #expect(request.request.headers.fields.map(\.name.canonicalName) == ["x-d", "host"])
        #expect(request.request.headers.map(\.value) == ["4", "test"])
    }

    /// A reused stream's kept entries give their names to fields spelled the same in the same
    /// place, and only to those: another name there, an unknown name, a well-known one, each
    /// request's fields are exactly its own (names and values).
    @Test func keptNamesOnlyForTheSameSpelling() throws {
        let observer = RecordingObserver()
        let client = HTTP2TestClient(server: HTTP2SessionTests.session(observer: observer))
        let requests: [[(String, String)]] = [
            [("user-agent", "a/1"), ("x-custom", "1"), ("accept", "*/*")],
            [("user-agent", "a/2"), ("x-custom", "2"), ("accept", "text/plain")],
            [("user-agent", "a/3"), ("x-custon", "3"), ("accept-encoding", "gzip")],
            [("x-custom", "4"), ("user-agent", "a/4")],
            [("user-agent", "a/5"), ("x-custom", "5"), ("accept", "*/*"), ("x-more", "6")],
        ]
        for fields in requests {
            _ = client.request("GET", "/a", headers: fields)
            client.exchange()
            let request = try #require(client.pending.first)
            let received = request.request.headers.fields.dropLast()  // Host, from :authority
            #expect(received.map(\.name) == fields.map { HTTPFieldName($0.0) })
            #expect(received.map(\.name.canonicalName) == fields.map(\.0))
            #expect(received.map(\.value) == fields.map(\.1))
            #expect(request.request.headers["User-Agent"] == fields.first { $0.0 == "user-agent" }?.1)
            client.answer(request, HTTP2SessionTests.text("ok"))
            client.pending.removeAll()
        }
        #expect(client.server.freeStreams.count == 1)
        // The record of each names the request's first `user-agent`, none for one without.
        _ = client.request("GET", "/b", headers: [("user-agent", "b/1"), ("user-agent", "b/2")])
        _ = client.request("GET", "/c")
        client.exchange()
        for request in client.pending { client.answer(request, HTTP2SessionTests.text("ok")) }
        let agents = observer.records.withLock { $0.map(\.userAgent) }
        #expect(agents == ["a/1", "a/2", "a/3", "a/4", "a/5", "b/1", nil])
    }

    /// Names of up to 16 bytes are told apart by their bytes, longer ones by their spelling:
    /// names of 15, 16 and 17 bytes that differ in their last byte, in turn in the same places,
    /// are each request's own.
    @Test func keptNamesOfEveryLength() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        let a15 = "x-abcdefghijklm"
        let a16 = "x-abcdefghijklmn"
        let b16 = "x-abcdefghijklmo"
        let a17 = "x-abcdefghijklmno"
        let b17 = "x-abcdefghijklmnp"
        let requests: [[(String, String)]] = [
            [(a16, "1"), (a17, "2"), (a15, "3")],
            [(a16, "4"), (a17, "5"), (a15, "6")],
            [(b16, "7"), (b17, "8"), (a16, "9")],
            [(a17, "10"), (a16, "11"), (b16, "12")],
            [(a15, "13"), (b17, "14"), (a17, "15")],
        ]
        for fields in requests {
            _ = client.request("GET", "/a", headers: fields)
            client.exchange()
            let request = try #require(client.pending.first)
            let received = request.request.headers.fields.dropLast()  // Host, from :authority
            #expect(received.map(\.name.canonicalName) == fields.map(\.0))
            #expect(received.map(\.value) == fields.map(\.1))
            client.answer(request, HTTP2SessionTests.text("ok"))
            client.pending.removeAll()
        }
        #expect(client.server.freeStreams.count == 1)
    }

    /// The request's ID is the first `x-request-id` received when sane, else the session's
    /// prefix and the request's number; a reused stream forgets the last request's.
    @Test func requestIDFromTheFirstField() throws {
        let client = HTTP2TestClient(server: HTTP2SessionTests.session())
        let cases: [(fields: [(String, String)], id: String)] = [
            ([("x-request-id", "abc-1")], "abc-1"),
            ([], "h2-2"),
            ([("user-agent", "u/1"), ("x-request-id", "first"), ("x-request-id", "second")], "first"),
            ([("x-request-id", String(repeating: "a", count: 201))], "h2-4"),
            ([("x-request-id", "has space")], "h2-5"),
            ([("x-request-id", String(repeating: "b", count: 200))], String(repeating: "b", count: 200)),
            ([("user-agent", "u/2")], "h2-7"),
        ]
        for (fields, id) in cases {
            _ = client.request("GET", "/a", headers: fields)
            client.exchange()
            let request = try #require(client.pending.first)
            #expect(request.context.requestID == id)
            client.answer(request, HTTP2SessionTests.text("ok"))
            client.pending.removeAll()
        }
        #expect(client.server.freeStreams.count == 1)
    }

    /// A stream refused before its `:method` came records `-` as its method; one refused after
    /// `:method HEAD` records HEAD and gets its 431 without a body.
    @Test func refusedStreamsRecordTheMethodReceived() throws {
        let observer = RecordingObserver()
        let session = HTTP2SessionTests.session(maxHeaderBytes: 300, observer: observer)
        // `:path` (static index 4) as a literal of 300 bytes: over the limit when it arrives, and the
        // whole list under twice it (past that, decoding stops and nghttp2 resets the stream).
        let longPath =
            [UInt8(0x04)] + RawHTTP2.integer(300, prefix: 7, pattern: 0)
            + Array(("/" + String(repeating: "a", count: 299)).utf8)
        let head = [UInt8(0x02)] + RawHTTP2.integer(4, prefix: 7, pattern: 0) + Array("HEAD".utf8)  // `:method HEAD`
        let rest: [UInt8] = [0x86, 0x01, 0x01, UInt8(ascii: "t")]  // `:scheme http`, `:authority t`
        let bytes =
            RawHTTP2.opening + RawHTTP2.frame(1, flags: 0x05, stream: 1, longPath + [0x82] + rest)
            + RawHTTP2.frame(1, flags: 0x05, stream: 3, head + longPath + rest)
        #expect(session.receive(bytes, now: .now).isEmpty)
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        let frames = HTTP2SessionTests.frames(output)
        #expect(
            frames.contains { $0.type == 1 && $0.streamID == 1 } && frames.contains { $0.type == 1 && $0.streamID == 3 }
        )
        #expect(frames.contains { $0.type == 0 && $0.streamID == 1 })  // the 431's body
        #expect(!frames.contains { $0.type == 0 && $0.streamID == 3 })  // none for HEAD
        let records = observer.records.withLock { $0.map { ($0.method.rawValue, $0.status) } }
        #expect(records.map(\.0) == ["-", "HEAD"] && records.map(\.1) == [431, 431])
    }
}
