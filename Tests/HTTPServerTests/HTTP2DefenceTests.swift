import CNghttp2
import Testing

@testable import HTTPServer

/// The HTTP/2 session's defences, fed bytes without sockets (docs/API.md §8 "What one request may
/// cost"): cancellation, output bounds, per-stream deadlines, floods, conformance.
struct HTTP2DefenceTests {
    typealias Frame = (type: UInt8, streamID: UInt32, payload: [UInt8])

    /// Feeds `bytes` (after the opening) to a fresh session; returns it and the frames it answered.
    static func feed(
        _ bytes: [UInt8], maxHeaderBytes: Int = 16 * 1024, session: HTTP2Session? = nil
    ) -> (HTTP2Session, [Frame], [HTTP2Session.Request]) {
        let session = session ?? HTTP2SessionTests.session(maxHeaderBytes: maxHeaderBytes)
        let requests = session.receive(RawHTTP2.opening + bytes, now: .now)
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        return (session, HTTP2SessionTests.frames(output), requests)
    }

    /// The error code of the GOAWAY among `frames`, if any.
    static func goaway(_ frames: [Frame]) -> UInt32? {
        frames.first { $0.type == 7 }.map { $0.payload[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }

    /// RST_STREAM frames as (stream, error code).
    static func resets(_ frames: [Frame]) -> [(UInt32, UInt32)] {
        frames.filter { $0.type == 3 }.map { ($0.streamID, $0.payload.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
    }

    /// A stream reset after its request was handed out is reported once as abandoned (its work
    /// is cancelled by the loop); one answered before its reset is not.
    @Test func resetStreamIsAbandoned() throws {
        let session = HTTP2SessionTests.session()
        let client = HTTP2TestClient(server: session)
        let reset = client.request("GET", "/a")
        let answered = client.request("GET", "/b")
        client.exchange()
        #expect(client.pending.map(\.streamID) == [reset, answered])
        client.answer(try #require(client.pending.last), HTTP2SessionTests.text("b"))
        client.reset(reset)
        #expect(session.takeAbandonedStreams() == [reset])
        #expect(session.takeAbandonedStreams() == [])
        #expect(!session.hasOpenStreams)
    }

    /// A client whose window is 0 takes no DATA: the 10 000 body bytes stay counted as
    /// buffered (what the write timeout watches) until the stream is reset, which frees them.
    @Test func zeroWindowBuffersAreCountedAndFreed() throws {
        let session = HTTP2SessionTests.session()
        let zeroWindow = nghttp2_settings_entry(
            settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: 0)
        let client = HTTP2TestClient(server: session, settings: [zeroWindow])
        let id = client.request("GET", "/big")
        client.exchange()
        let progress = session.lastBodyProgress
        client.answer(try #require(client.pending.first), HTTPResponse(body: [UInt8](repeating: 7, count: 10_000)))
        #expect(client.streams[id]?.status == 200 && client.streams[id]?.body == [])
        #expect(session.bufferedResponseBytes == 10_000)
        #expect(session.lastBodyProgress >= progress)
        client.reset(id)
        #expect(session.bufferedResponseBytes == 0)
    }

    /// An early answer (408) sent in the same drain as a served stream's whole answer: only the
    /// refused stream, whose client is still sending, is reset (NO_ERROR) after its last frame;
    /// the served one ends with its DATA. Once both closed, no stream is left counted as refused.
    @Test func earlyAnswerResetBesideServedStream() throws {
        let start = ContinuousClock.now
        let session = HTTP2SessionTests.session()
        _ = session.receive(RawHTTP2.opening + RawHTTP2.get(stream: 1, open: true), now: start)
        let served = session.receive(RawHTTP2.get(stream: 3), now: start + .seconds(5))
        #expect(served.map(\.streamID) == [3])
        #expect(session.streams.count == 2 && session.servedStreams == 2)
        session.expireStreams(now: start + .seconds(10), limit: .seconds(10))
        #expect(session.streams.count == 2 && session.servedStreams == 1)
        let request = try #require(served.first)
        session.complete(
            streamID: 3, with: HTTP2SessionTests.text("ok"), request: request.request, requestID: request.context.id)
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        let frames = HTTP2SessionTests.frames(output)
        #expect(frames.filter { $0.type == 1 }.map(\.streamID) == [1, 3])  // the 408's HEADERS, then the 200's
        #expect(frames.filter { $0.type == 0 }.map(\.streamID) == [1, 3])  // each body, END_STREAM
        #expect(frames.filter { $0.type == 0 }.map(\.payload).last == Array("ok".utf8))
        #expect(Self.resets(frames).map(\.0) == [1] && Self.resets(frames).map(\.1) == [0])
        #expect(!session.hasOpenStreams && session.servedStreams == 0)
    }

    /// A body not finished within the request timeout of its head: 408 on that stream, then
    /// RST_STREAM; a stream whose head ended later is not touched yet.
    @Test func bodyDeadlineIsPerStream() throws {
        let start = ContinuousClock.now
        let session = HTTP2SessionTests.session()
        _ = session.receive(RawHTTP2.opening + RawHTTP2.get(stream: 1, open: true), now: start)
        _ = session.receive(RawHTTP2.get(stream: 3, open: true), now: start + .seconds(5))
        session.expireStreams(now: start + .seconds(10), limit: .seconds(10))
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        let frames = HTTP2SessionTests.frames(output)
        #expect(frames.filter { $0.type == 1 }.map(\.streamID) == [1])  // the 408's HEADERS
        #expect(Self.resets(frames).map(\.0) == [1])
        #expect(session.hasOpenStreams && Self.goaway(frames) == nil)
    }

    /// The body deadline starts only for a stream whose HEADERS left a body to come: a GET ended
    /// by its HEADERS has none and is never expired, however long its answer takes.
    @Test func endedRequestHasNoBodyDeadline() throws {
        let start = ContinuousClock.now
        let session = HTTP2SessionTests.session()
        let ended = session.receive(RawHTTP2.opening + RawHTTP2.get(stream: 1), now: start)
        _ = session.receive(RawHTTP2.get(stream: 3, open: true), now: start)
        #expect(ended.map(\.streamID) == [1])
        #expect(session.streams[1]?.headEndedAt == nil && session.streams[3]?.headEndedAt == start)
        session.expireStreams(now: start + .seconds(60), limit: .seconds(10))
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        let frames = HTTP2SessionTests.frames(output)
        #expect(frames.filter { $0.type == 1 }.map(\.streamID) == [3])  // the open stream's 408 only
        #expect(session.streams[1]?.isAnswered == false)
    }

    /// The stream of a header block is remembered while the block is decoded (HEADERS, then a
    /// CONTINUATION) and forgotten once it ends, so the closed stream can be reused.
    @Test func headerBlockStreamIsForgottenWhenTheBlockEnds() throws {
        let session = HTTP2SessionTests.session()
        let partial = RawHTTP2.frame(1, flags: 0x01, stream: 1, RawHTTP2.requestFields)
        #expect(session.receive(RawHTTP2.opening + partial, now: .now).isEmpty)
        #expect(session.headerBlockStreamID == 1 && session.headerBlockStream === session.streams[1])
        let requests = session.receive(RawHTTP2.frame(9, flags: 0x04, stream: 1), now: .now)
        #expect(requests.map(\.streamID) == [1])
        #expect(session.headerBlockStreamID == 0 && session.headerBlockStream == nil)
    }

    /// A header block left unfinished (HEADERS without END_HEADERS) blocks the connection:
    /// past the request timeout the session ends with GOAWAY.
    @Test func unfinishedHeaderBlockEndsTheSession() throws {
        let start = ContinuousClock.now
        let session = HTTP2SessionTests.session()
        let partial = RawHTTP2.frame(1, flags: 0x01, stream: 1, RawHTTP2.requestFields)
        _ = session.receive(RawHTTP2.opening + partial, now: start)
        session.expireStreams(now: start + .seconds(10), limit: .seconds(10))
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        #expect(Self.goaway(HTTP2SessionTests.frames(output)) == 0)
        #expect(session.isFinished)
    }

    /// HPACK bomb: one 3.9 KB field put in the dynamic table, then referenced by one-byte
    /// indexes 16 000 times in a HEADERS frame (62 MB of fields). Decoding stops at twice the
    /// 16 KiB limit: the stream is reset, none of its fields kept past the limit, and the
    /// connection goes on (stream 1, which seeded the table, is served).
    @Test func hpackBombStopsAtTheLimit() throws {
        let seed = RawHTTP2.indexedLiteral("x-bomb", String(repeating: "a", count: 3900))
        let references = [UInt8](repeating: 0xbe, count: 16_000)  // index 62: the newest dynamic entry
        let (session, frames, requests) = Self.feed(
            RawHTTP2.get(stream: 1, extra: seed) + RawHTTP2.get(stream: 3, extra: references))
        #expect(requests.map(\.streamID) == [1])
        #expect(Self.resets(frames).map(\.0) == [3])
        #expect(session.headerOverruns == 1)
        #expect(Self.goaway(frames) == nil && session.wantsInput)
    }

    /// The fourth stream over the header-list limit ends the connection: GOAWAY
    /// ENHANCE_YOUR_CALM, and nothing more is read.
    @Test func repeatedHPACKBombsEndTheConnection() throws {
        let seed = RawHTTP2.indexedLiteral("x-bomb", String(repeating: "a", count: 3900))
        let references = [UInt8](repeating: 0xbe, count: 16_000)
        var bytes = RawHTTP2.get(stream: 1, extra: seed)
        for stream in stride(from: UInt32(3), through: 11, by: 2) {
            bytes += RawHTTP2.get(stream: stream, extra: references)
        }
        let (session, frames, _) = Self.feed(bytes)
        #expect(Self.goaway(frames) == NGHTTP2_ENHANCE_YOUR_CALM.rawValue)
        #expect(session.headerOverruns == HTTP2Session.maxHeaderOverruns)
        #expect(!session.wantsInput && session.isFinished)
        #expect(session.receive(RawHTTP2.get(stream: 13), now: .now).isEmpty)
    }

    /// A header list just over the limit still gets its 431 (decoding stops only past twice it).
    @Test func headerListOverTheLimitIsAnswered431() throws {
        let big = RawHTTP2.indexedLiteral("x-big", String(repeating: "b", count: 1000))
        let (session, frames, requests) = Self.feed(RawHTTP2.get(stream: 1, extra: big), maxHeaderBytes: 1024)
        #expect(requests.isEmpty)
        #expect(frames.contains { $0.type == 1 && $0.streamID == 1 })
        #expect(Self.goaway(frames) == nil && session.wantsInput)
    }

    /// PING, SETTINGS, PRIORITY, empty DATA and RST_STREAM floods: past 1 000 such frames at
    /// once, GOAWAY ENHANCE_YOUR_CALM and no more reading.
    @Test(arguments: ["ping", "settings", "priority", "empty-data", "reset"])
    func floodsEndTheConnection(_ kind: String) throws {
        var bytes: [UInt8] = []
        for index in 0..<1_100 {
            switch kind {
            case "ping": bytes += RawHTTP2.frame(6, stream: 0, [UInt8](repeating: UInt8(index % 256), count: 8))
            case "settings": bytes += RawHTTP2.frame(4, stream: 0)
            case "priority": bytes += RawHTTP2.frame(2, stream: 1, [0, 0, 0, 0, 16])
            case "empty-data":
                if index == 0 { bytes += RawHTTP2.get(stream: 1, open: true) }
                bytes += RawHTTP2.frame(0, stream: 1)
            default:
                let stream = UInt32(2 * index + 1)
                bytes += RawHTTP2.get(stream: stream) + RawHTTP2.frame(3, stream: stream, [0, 0, 0, 8])
            }
        }
        let (session, frames, _) = Self.feed(bytes)
        #expect(Self.goaway(frames) == NGHTTP2_ENHANCE_YOUR_CALM.rawValue)
        #expect(!session.wantsInput && session.isFinished)
    }

    /// More than 8 CONTINUATION frames (nghttp2's limit) for one header block: GOAWAY
    /// ENHANCE_YOUR_CALM (nghttp2 reports it as an error and sends nothing itself).
    @Test func continuationFloodGetsGoaway() throws {
        var bytes = RawHTTP2.frame(1, flags: 0x01, stream: 1, RawHTTP2.requestFields)
        for _ in 0..<20 { bytes += RawHTTP2.frame(9, stream: 1) }
        let (session, frames, _) = Self.feed(bytes)
        #expect(Self.goaway(frames) == NGHTTP2_ENHANCE_YOUR_CALM.rawValue)
        #expect(session.isFinished)
    }

    /// The stream past 100 open ones (SETTINGS advertises 100) is refused alone (RST_STREAM
    /// REFUSED_STREAM), and so is the 102nd; the connection goes on.
    @Test func streamPastTheConcurrencyLimitIsRefusedAlone() throws {
        var bytes: [UInt8] = []
        for index in 0..<102 { bytes += RawHTTP2.get(stream: UInt32(2 * index + 1), open: true) }
        let (session, frames, _) = Self.feed(bytes + RawHTTP2.frame(4, flags: 1, stream: 0))  // + SETTINGS ACK
        #expect(Self.resets(frames).map(\.0) == [201, 203])
        #expect(Self.resets(frames).map(\.1) == [NGHTTP2_REFUSED_STREAM.rawValue, NGHTTP2_REFUSED_STREAM.rawValue])
        #expect(Self.goaway(frames) == nil && session.wantsInput)
        let settings = try #require(frames.first { $0.type == 4 })
        #expect(settings.payload.prefix(6) == [0, 3, 0, 0, 0, 100])
        // Once the client acknowledged the limit, one more stream is still refused alone.
        let more = session.receive(RawHTTP2.get(stream: 205, open: true), now: .now)
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        #expect(more.isEmpty && Self.resets(HTTP2SessionTests.frames(output)).map(\.0) == [205])
        #expect(session.wantsInput)
    }

    /// HEADERS on a stream id lower than one already used: connection error PROTOCOL_ERROR.
    @Test func lowerStreamIDIsAProtocolError() throws {
        let (session, frames, requests) = Self.feed(RawHTTP2.get(stream: 5) + RawHTTP2.get(stream: 3))
        #expect(requests.isEmpty)  // the batch is dropped with the connection
        #expect(Self.goaway(frames) == NGHTTP2_PROTOCOL_ERROR.rawValue)
        #expect(session.isFinished)
    }

    /// HTTP2-Settings with a value out of range (ENABLE_PUSH 2, a window over 2^31−1, a frame
    /// size under 16 384) is refused before any 101: the request stays HTTP/1.1.
    @Test func malformedUpgradeSettingsAreCheckedBefore101() throws {
        func request(_ settings: String) -> HTTPRequest {
            HTTPRequest(
                method: .get, target: "/",
                headers: ["Upgrade": "h2c", "Connection": "Upgrade, HTTP2-Settings", "HTTP2-Settings": settings]
            )
        }
        #expect(HTTP2Upgrade.settings(of: request("AAMAAABkAAQAAP__")) != nil)  // 100 streams, window 65 535
        #expect(HTTP2Upgrade.settings(of: request("AAIAAAAC")) == nil)  // ENABLE_PUSH 2
        #expect(HTTP2Upgrade.settings(of: request("AASAAAAA")) == nil)  // INITIAL_WINDOW_SIZE 2^31
        #expect(HTTP2Upgrade.settings(of: request("AAUAAEAA")) != nil)  // MAX_FRAME_SIZE 16 384 passes…
        #expect(HTTP2Upgrade.settings(of: request("AAUAAD__")) == nil)  // …16 383 does not
    }
}
