import Foundation
import Testing

@testable import HTTPServer

/// Bodies read straight into their buffer (`receiveBody`, as the event loop does with `read(2)`)
/// give the same requests and actions as bodies fed through `received`.
struct HTTP1DirectBodyTests {
    /// A body of bytes 0…250 repeated: a missing or repeated stretch shows.
    static func patterned(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8($0 % 251) }
    }

    /// Two pipelined POSTs with bodies, then a GET, as one byte stream.
    static let stream: [UInt8] = {
        var bytes = Array("POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 3000\r\n\r\n".utf8) + patterned(3000)
        bytes += Array("POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 7\r\n\r\nsevenb!".utf8)
        bytes += Array("GET /c HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        return bytes
    }()

    /// Delivers `bytes` in pieces of at most `piece`; whenever the parser takes bytes directly,
    /// they go through `receiveBody` (at most one piece at a time), the others through `feed`.
    static func parse(_ bytes: [UInt8], piece: Int, direct: Bool) throws -> [ParsedRequest] {
        var harness = ParserHarness()
        var requests: [ParsedRequest] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + piece)
            if direct, harness.parser.directBodyCapacity > 0 {
                let written = harness.parser.receiveBody { region in
                    let count = min(region.count, end - offset)
                    bytes.withUnsafeBytes {
                        region.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count]))
                    }
                    return count
                }
                offset += written
                requests += try harness.feed([])
            } else {
                requests += try harness.feed(Array(bytes[offset..<end]))
                offset = end
            }
        }
        return requests
    }

    /// Every piece size, 1 byte to the whole stream: the same requests, bodies and wire sizes
    /// either way, and the request after each body is parsed as well.
    @Test func directAndFedBodiesGiveTheSameRequests() throws {
        let expected = try Self.parse(Self.stream, piece: Self.stream.count, direct: false)
        #expect(expected.map(\.head.target) == ["/a", "/b", "/c"])
        #expect(expected[0].body == Self.patterned(3000))
        #expect(expected[1].body.text == "sevenb!")
        for piece in [1, 2, 3, 7, 64, 500, 1000, 2999, 3000, 3001, 4096, Self.stream.count] {
            for direct in [false, true] {
                let requests = try Self.parse(Self.stream, piece: piece, direct: direct)
                #expect(requests.map(\.head.target) == expected.map(\.head.target), "piece \(piece) direct \(direct)")
                #expect(requests.map(\.body) == expected.map(\.body), "piece \(piece) direct \(direct)")
                #expect(requests.map(\.byteCount) == expected.map(\.byteCount), "piece \(piece) direct \(direct)")
            }
        }
    }

    /// Only the rest of a Content-Length body with nothing buffered before it may be read
    /// directly: not a head, not a chunked body, not bytes behind buffered ones.
    @Test func directCapacityOnlyInsideALengthBody() throws {
        var parser = HTTP1Parser()
        #expect(parser.directBodyCapacity == 0)
        parser.feed(Array("POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc".utf8))
        #expect(parser.directBodyCapacity == 0)  // the head is not parsed yet
        guard case .head = try parser.next() else {
            Issue.record("no head")
            return
        }
        #expect(parser.directBodyCapacity == 0)  // "abc" waits in the buffer
        #expect(try parser.next() == nil)
        #expect(parser.directBodyCapacity == 7)
        #expect(parser.receiveBody { _ in 0 } == 0)  // end of input: nothing changes
        #expect(parser.receiveBody { _ in -1 } == -1)
        #expect(parser.directBodyCapacity == 7)
        var chunked = HTTP1Parser()
        chunked.feed(Array("POST /a HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        _ = try chunked.next()
        #expect(chunked.directBodyCapacity == 0)
    }

    /// Feeds `stream` to a connection machine in pieces, directly into bodies when `direct`;
    /// answers every handled request with its body; closes the input at the end when `close`.
    static func drive(
        _ stream: [UInt8], piece: Int, direct: Bool, close: Bool = false,
        configuration: HTTP1Connection.Configuration = .init()
    ) -> (summaries: [String], bodies: [[UInt8]], directBytes: Int) {
        var harness = ConnectionHarness(configuration)
        var directBytes = 0
        var summaries: [String] = []
        var bodies: [[UInt8]] = []
        func take(_ actions: [HTTP1Connection.Action]) {
            for action in actions {
                summaries.append(action.summary)
                if case .handle(let request, _, let sequence) = action {
                    bodies.append(request.body)
                    let response = HTTPResponse(body: request.body)
                    take(harness.connection.complete(sequence: sequence, with: response, now: harness.now))
                }
            }
        }
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + piece)
            if direct, harness.connection.directBodyCapacity > 0 {
                let (count, actions) = harness.connection.receiveBody(now: harness.now) { region in
                    let count = min(region.count, end - offset)
                    stream.withUnsafeBytes {
                        region.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count]))
                    }
                    return count
                }
                offset += count
                directBytes += count
                take(actions)
            } else {
                take(harness.connection.received(Array(stream[offset..<end]), now: harness.now))
                offset = end
            }
        }
        if close { take(harness.connection.inputClosed(now: harness.now)) }
        return (summaries, bodies, directBytes)
    }

    /// The connection machine answers the same pipelined requests, bodies and all, either way.
    @Test func connectionAnswersTheSameEitherWay() {
        let expected = Self.drive(Self.stream, piece: Self.stream.count, direct: false)
        #expect(
            expected.summaries == [
                "handle 0 POST /a", "send 200", "handle 1 POST /b", "send 200", "handle 2 GET /c", "send 200",
            ])
        for piece in [1, 5, 100, 2048, 3100] {
            let direct = Self.drive(Self.stream, piece: piece, direct: true)
            #expect(direct.summaries == expected.summaries, "piece \(piece)")
            #expect(direct.bodies == expected.bodies, "piece \(piece)")
            #expect(direct.directBytes > 0, "piece \(piece)")
        }
    }

    /// A Content-Length over the body limit is 413 at the head: nothing is read into a body.
    @Test func bodyLimitIsRefusedBeforeAnyDirectRead() {
        var configuration = HTTP1Connection.Configuration()
        configuration.limits.maxBodyBytes = 1000
        var harness = ConnectionHarness(configuration)
        let actions = harness.receive("POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\n\r\n")
        #expect(actions.summaries == ["send 413 close", "close"])
        #expect(harness.connection.directBodyCapacity == 0)
        let stream = Array("POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\n\r\n".utf8) + Self.patterned(1001)
        let direct = Self.drive(stream, piece: 64, direct: true, configuration: configuration)
        #expect(direct.summaries == ["send 413 close", "close"])
    }

    /// A client that closes in the middle of a body directly read gets what a fed one gets:
    /// 400 and close, and no request is handled.
    @Test func closeMidBodyIsAnsweredAlike() {
        let cut = Array(Self.stream.prefix(2000))
        let fed = Self.drive(cut, piece: 300, direct: false, close: true)
        #expect(fed.summaries == ["send 400 close", "close"])
        let direct = Self.drive(cut, piece: 300, direct: true, close: true)
        #expect(direct.summaries == fed.summaries)
        #expect(direct.bodies.isEmpty)
        #expect(direct.directBytes > 0)
    }

    /// Between requests, and only then, the machine says so: not in a head, not in a body,
    /// not with a pipelined request's first bytes buffered.
    @Test func betweenRequestsOnlyWhenNothingOfANextRequestIsHeld() {
        var harness = ConnectionHarness()
        #expect(harness.connection.isBetweenRequestsNow())
        _ = harness.receive("POST /a HTTP/1.1\r\nHost: t\r\n")
        #expect(!harness.connection.isBetweenRequestsNow())  // in the head
        _ = harness.receive("Content-Length: 5\r\n\r\nab")
        #expect(!harness.connection.isBetweenRequestsNow())  // in the body
        let actions = harness.receive("cde")
        #expect(actions.summaries == ["handle 0 POST /a"])
        #expect(harness.connection.isBetweenRequestsNow())  // handled, not answered yet: nothing of a next one
        _ = harness.receive("GET /b HTTP/1.1\r\nHo")
        #expect(!harness.connection.isBetweenRequestsNow())  // a pipelined head begun
    }

    /// Reading as the event loop does (a short read between requests, the rest of a large body
    /// straight into it): of a 100,000-byte body only what the short read took went through
    /// the read buffer, and the request and its body are those of a stream fed whole.
    @Test func aShortReadBetweenRequestsLeavesALargeBodyToTheDirectPath() {
        let body = Self.patterned(100_000)
        let stream =
            Array("POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n".utf8) + body
            + Array("GET /next HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        var harness = ConnectionHarness()
        var summaries: [String] = []
        var bodies: [[UInt8]] = []
        var buffered = 0
        var offset = 0
        while offset < stream.count {
            var actions: [HTTP1Connection.Action]
            if harness.connection.directBodyCapacity >= EventLoop.directBodyThreshold {
                let (count, received) = harness.connection.receiveBody(now: harness.now) { region in
                    let count = min(region.count, stream.count - offset)
                    stream.withUnsafeBytes {
                        region.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count]))
                    }
                    return count
                }
                offset += count
                actions = received
            } else {
                let size =
                    harness.connection.isBetweenRequests ? EventLoop.requestStartReadSize : EventLoop.readBufferSize
                let end = min(stream.count, offset + size)
                buffered += end - offset
                actions = harness.connection.received(Array(stream[offset..<end]), now: harness.now)
                offset = end
            }
            for action in actions {
                summaries.append(action.summary)
                if case .handle(let request, _, _) = action { bodies.append(request.body) }
            }
        }
        #expect(summaries == ["handle 0 POST /big", "handle 1 GET /next"])
        #expect(bodies == [body, []])
        #expect(buffered == EventLoop.requestStartReadSize + 31)  // the short read, then the GET
    }
}

extension HTTP1Connection {
    /// `isBetweenRequests` read from a copy (a mutating getter cannot be read inside `#expect`).
    fileprivate func isBetweenRequestsNow() -> Bool {
        var copy = self
        return copy.isBetweenRequests
    }
}
