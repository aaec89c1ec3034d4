import Dispatch
import Testing

@testable import HTTPServer

/// The memory budget's accounting on the byte-fed machines (docs/API.md §8 "Memory bounded by the
/// pod"): a body is charged before it is allocated, the charge travels with the request, and
/// every ending (answered, 408, 413, 503, reset, client gone) brings the budget back to zero.
struct MemoryBudgetTests {
    static func post(_ length: Int, path: String = "/a") -> String {
        "POST \(path) HTTP/1.1\r\nHost: h\r\nContent-Length: \(length)\r\n\r\n"
    }

    static func harness(_ budget: MemoryBudget, maxBodyBytes: Int = 1 << 20) -> ConnectionHarness {
        ConnectionHarness(.init(limits: .init(maxBodyBytes: maxBodyBytes), memory: budget))
    }

    // MARK: The budget itself

    /// A charge that fits is granted and counted by kind; one that would pass the limit is not
    /// (nothing charged); a `hold` may pass it; releases bring every count back to 0.
    @Test func chargesStopAtTheLimit() throws {
        let budget = MemoryBudget(limit: 1000)
        var first = budget.charge(600, .bodies)
        #expect(first != nil && budget.heldBytes == 600 && budget.availableBytes == 400)
        #expect(budget.charge(401, .bodies) == nil && budget.heldBytes == 600)
        #expect(try #require(first).grow(by: 400) && budget.heldBytes == 1000)
        #expect(try #require(first).grow(by: 1) == false && first?.bytes == 1000)
        budget.hold(300, .responses)
        #expect(budget.heldBytes == 1300 && budget.heldBytes(.responses) == 300 && budget.availableBytes == 0)
        first = nil
        #expect(budget.heldBytes == 300 && budget.heldBytes(.bodies) == 0)
        budget.release(300, .responses)
        #expect(budget.heldBytes == 0 && budget.takePeak() == 1300 && budget.takePeak() == 0)
    }

    /// The cgroup files: v2 `memory.max` ("max" is none), v1's unlimited value is none, the
    /// default budget is 75 % of a limit; the process's own cgroup path is read from
    /// /proc/self/cgroup; byte counts take K/M/G suffixes.
    @Test func cgroupLimitsAndSizes() {
        #expect(MemoryLimit.limit(["268435456\n"]) == 268_435_456)
        #expect(MemoryLimit.limit(["max\n", "1000"]) == nil)
        #expect(MemoryLimit.limit([nil, "9223372036854771712\n"]) == nil)
        #expect(MemoryLimit.limit([nil, "garbage", "4096"]) == 4096)
        #expect(MemoryLimit.budget(cgroupLimit: 256 << 20) == 201_326_592)  // 192 MiB
        #expect(MemoryLimit.budget(cgroupLimit: nil) == 1 << 30)
        let membership = "5:devices:/\n4:memory:/pods/p1\n1:cpu,cpuacct:/x\n0::/pods/p2\n"
        #expect(MemoryLimit.cgroupPath(membership, controller: "memory") == "/pods/p1")
        #expect(MemoryLimit.cgroupPath(membership, controller: "cpuacct") == "/x")
        #expect(MemoryLimit.cgroupPath(membership, controller: nil) == "/pods/p2")
        #expect(MemoryLimit.cgroupPath("4:memory:/\n", controller: "memory") == nil)
        #expect(MemoryLimit.parseBytes("256M") == 256 << 20 && MemoryLimit.parseBytes("1g") == 1 << 30)
        #expect(MemoryLimit.parseBytes("64KiB") == 65536 && MemoryLimit.parseBytes("1000") == 1000)
        #expect(MemoryLimit.parseBytes("2x") == nil && MemoryLimit.parseBytes("-1M") == nil)
        #expect(MemoryLimit.parseBytes("99999999999G") == nil)
        #expect(MemoryLimit.shortForm(192 << 20) == "192M" && MemoryLimit.shortForm(1500) == "1500")
        #expect(MemoryLimit.describe(192 << 20) == "192 MiB" && MemoryLimit.describe(1 << 30) == "1 GiB")
    }

    /// The trimmer trims once a burst (a peak of 8 MiB or more) has mostly passed, then once
    /// more when its tail is freed; small peaks and quiet periods trim nothing.
    @Test func trimsAfterBursts() {
        let budget = MemoryBudget(limit: 1 << 30)
        let trimmer = MemoryTrimmer(budget: budget, queue: DispatchQueue(label: "test.trimmer"))
        var burst = budget.charge(16 << 20, .bodies)
        trimmer.check()
        #expect(trimmer.trims.load(ordering: .relaxed) == 0)  // still held
        var tail = budget.charge(2 << 20, .bodies)
        burst = nil
        trimmer.check()
        #expect(trimmer.trims.load(ordering: .relaxed) == 1)  // 2 of 18 MiB held
        tail = nil
        trimmer.check()
        #expect(trimmer.trims.load(ordering: .relaxed) == 2)  // the tail freed
        trimmer.check()
        let small = budget.charge(1 << 20, .bodies)
        trimmer.check()
        #expect(trimmer.trims.load(ordering: .relaxed) == 2 && burst == nil && tail == nil && small != nil)
    }

    // MARK: HTTP/1.1

    /// A Content-Length body is charged whole when its head is read, before a byte of it came;
    /// handed out, the charge waits in the machine for the server to take (to keep with the
    /// request's work) and is released when the request is answered, or by whoever took it.
    @Test func http1BodyChargeFollowsTheRequest() throws {
        let budget = MemoryBudget(limit: 10_000)
        var harness = Self.harness(budget)
        #expect(harness.receive(Self.post(1000)).isEmpty)
        #expect(budget.heldBytes(.bodies) == 1000)
        let actions = harness.receive(String(repeating: "x", count: 1000))
        #expect(actions.summaries == ["handle 0 POST /a"])
        #expect(actions.first?.request?.body.count == 1000 && budget.heldBytes == 1000)
        #expect(harness.complete(0, "ok").summaries == ["send 200"])
        #expect(budget.heldBytes == 0)
        _ = harness.receive(Self.post(300, path: "/b") + String(repeating: "x", count: 300))
        var charge = harness.connection.takeBodyCharge(sequence: 1)
        #expect(try #require(charge).bytes == 300 && harness.connection.takeBodyCharge(sequence: 1) == nil)
        _ = harness.complete(1, "ok")
        #expect(budget.heldBytes == 300)  // still the taker's
        charge = nil
        #expect(budget.heldBytes == 0)
    }

    /// A chunked body is charged in steps as it grows (16 KiB first); past the body limit it is
    /// answered 413 and its charge released.
    @Test func http1ChunkedBodyTooLarge() {
        let budget = MemoryBudget(limit: 1 << 20)
        var harness = Self.harness(budget, maxBodyBytes: 100)
        let head = "POST /a HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(harness.receive(head + "3c\r\n" + String(repeating: "x", count: 60) + "\r\n").isEmpty)
        #expect(budget.heldBytes == 100)  // 16 KiB, capped at the body limit
        let refused = harness.receive("3c\r\n")
        #expect(refused.summaries == ["send 413 close", "close"])
        #expect(budget.heldBytes == 0)
    }

    /// A body not in within the request timeout: 408, and its charge released at once (not when
    /// the connection finishes lingering).
    @Test func http1TimeoutReleases() {
        let budget = MemoryBudget(limit: 1 << 20)
        var harness = Self.harness(budget)
        _ = harness.receive(Self.post(5000) + String(repeating: "x", count: 100))
        #expect(budget.heldBytes == 5000)
        #expect(harness.advance(.seconds(10)).summaries == ["send 408 close", "close"])
        #expect(budget.heldBytes == 0)
    }

    /// The client leaves mid-body: its end of input is answered 400 and the charge released; a
    /// connection simply dropped (reset) releases it with the machine.
    @Test func http1ClientGoneReleases() {
        let budget = MemoryBudget(limit: 1 << 20)
        var harness = Self.harness(budget)
        _ = harness.receive(Self.post(5000) + "xx")
        #expect(harness.connection.inputClosed(now: harness.now).summaries == ["send 400 close", "close"])
        #expect(budget.heldBytes == 0)
        do {
            var dropped = Self.harness(budget)
            _ = dropped.receive(Self.post(7000))
            #expect(budget.heldBytes == 7000)
        }
        #expect(budget.heldBytes == 0)
    }

    /// A body the budget cannot take is not allocated: the connection stops reading (wantsInput
    /// false, no direct body room) and retries on each tick; admitted once memory comes back.
    @Test func http1BodyWaitsForMemory() {
        let budget = MemoryBudget(limit: 1000)
        var holder = Self.harness(budget)
        _ = holder.receive(Self.post(800))
        var waiting = Self.harness(budget)
        #expect(waiting.receive(Self.post(500) + "abc").isEmpty)
        var wantsInput = waiting.connection.wantsInput
        var room = waiting.connection.directBodyCapacity
        #expect(!wantsInput && room == 0 && budget.heldBytes == 800)
        #expect(waiting.advance(.milliseconds(500)).isEmpty)
        _ = holder.receive(String(repeating: "x", count: 800))
        #expect(holder.complete(0, "").summaries == ["send 200"])  // answered: 800 released
        #expect(waiting.advance(.milliseconds(250)).isEmpty)
        wantsInput = waiting.connection.wantsInput
        room = waiting.connection.directBodyCapacity
        #expect(wantsInput && room == 497 && budget.heldBytes == 500)
        #expect(waiting.receive(String(repeating: "y", count: 497)).summaries == ["handle 0 POST /a"])
    }

    /// A body still not admitted after a second: 503 with `Retry-After: 1` and close, counted as
    /// an HTTP/1.1 refusal; nothing stays charged for it.
    @Test func http1BodyRefusedAfterTheWait() throws {
        let budget = MemoryBudget(limit: 1000)
        var holder = Self.harness(budget)
        _ = holder.receive(Self.post(800))
        var waiting = Self.harness(budget)
        _ = waiting.receive(Self.post(500))
        let refused = waiting.advance(.seconds(1))
        #expect(refused.summaries == ["send 503 close", "close"])
        #expect(try #require(refused.first?.response).headers[.retryAfter] == "1")
        #expect(budget.refusals(.http1Body) == 1 && budget.heldBytes == 800)
    }

    /// Memory that comes back just as the wait runs out admits the body: the tick tries the
    /// admission before it refuses.
    @Test func http1AdmissionIsTriedBeforeRefusing() {
        let budget = MemoryBudget(limit: 1000)
        var holder = Self.harness(budget)
        _ = holder.receive(Self.post(800) + String(repeating: "x", count: 800))
        var waiting = Self.harness(budget)
        _ = waiting.receive(Self.post(500))
        _ = holder.complete(0, "")
        #expect(waiting.advance(.seconds(1)).isEmpty)
        let wantsInput = waiting.connection.wantsInput
        #expect(wantsInput && budget.heldBytes == 500 && budget.refusals(.http1Body) == 0)
    }

    /// A gzip body's inflated bytes are charged on top of the compressed ones; when the budget
    /// cannot take them the request is answered 503 with `Retry-After`, counted.
    @Test func inflatedBodyIsCharged() throws {
        let budget = MemoryBudget(limit: 1000)
        let coder = HTTPContentCoder(maxBodyBytes: 1 << 20)
        let plain = [UInt8](repeating: UInt8(ascii: "a"), count: 2000)
        let compressed = try #require(GzipDeflater().compress(plain))
        var headers = HTTPHeaders()
        headers.add(.contentEncoding, "gzip")
        var request = HTTPRequest(method: .post, target: "/a", headers: headers, body: compressed)
        let charge = budget.charge(compressed.count, .bodies)
        let refusal = try #require(coder.decode(&request, charge: charge))
        #expect(refusal.status == .serviceUnavailable && refusal.headers[.retryAfter] == "1")
        #expect(budget.refusals(.inflatedBody) == 1 && budget.heldBytes == compressed.count)
    }

    // MARK: HTTP/2

    static func session(
        _ budget: MemoryBudget, maxBodyBytes: Int = 1 << 20, connectionCap: Int = 4 << 20
    ) -> HTTP2Session {
        var configuration = HTTP2Session.Configuration(limits: .init(maxBodyBytes: maxBodyBytes))
        configuration.memory = budget
        configuration.maxConnectionBodyBytes = connectionCap
        return HTTP2Session(
            configuration: configuration, remoteAddress: "127.0.0.1:1", requestIDPrefix: "h2", observer: nil,
            now: .now)
    }

    static func data(stream: UInt32, _ count: Int, end: Bool = false) -> [UInt8] {
        RawHTTP2.frame(0, flags: end ? 0x01 : 0, stream: stream, [UInt8](repeating: 120, count: count))
    }

    /// A stream's DATA is charged as it comes (16 KiB first); the completed request carries the
    /// charge, which goes when the request does; a stream reset mid-body releases its own.
    @Test func http2BodyChargeFollowsTheRequestOrTheReset() {
        let budget = MemoryBudget(limit: 1 << 20)
        let session = Self.session(budget)
        _ = session.receive(
            RawHTTP2.opening + RawHTTP2.get(stream: 1, open: true) + Self.data(stream: 1, 100), now: .now)
        #expect(budget.heldBytes == 16384 && session.heldBodyBytes == 100)
        do {
            let requests = session.receive(Self.data(stream: 1, 50, end: true), now: .now)
            #expect(requests.first?.request.body.count == 150 && requests.first?.charge?.bytes == 16384)
            #expect(budget.heldBytes == 16384 && session.heldBodyBytes == 0)
        }
        #expect(budget.heldBytes == 0)
        _ = session.receive(RawHTTP2.get(stream: 3, open: true) + Self.data(stream: 3, 500), now: .now)
        #expect(budget.heldBytes == 16384)
        _ = session.receive(RawHTTP2.frame(3, stream: 3, [0, 0, 0, 8]), now: .now)  // RST_STREAM CANCEL
        #expect(budget.heldBytes == 0 && session.heldBodyBytes == 0)
    }

    /// 408 (a body not in within the timeout) and 413 (past the body limit) release the stream's
    /// charge at once.
    @Test func http2TimeoutAndTooLargeRelease() {
        let budget = MemoryBudget(limit: 1 << 20)
        let session = Self.session(budget, maxBodyBytes: 1000)
        let start = ContinuousClock.now
        _ = session.receive(
            RawHTTP2.opening + RawHTTP2.get(stream: 1, open: true) + Self.data(stream: 1, 600), now: start)
        _ = session.receive(RawHTTP2.get(stream: 3, open: true) + Self.data(stream: 3, 600), now: start)
        #expect(budget.heldBytes == 2000)  // two charges of the body limit
        _ = session.receive(Self.data(stream: 3, 600), now: start)  // 1200 > 1000: 413
        #expect(budget.heldBytes(.bodies) == 1000)  // (the 413's body waits in `.responses`)
        session.expireStreams(now: start + .seconds(10), limit: .seconds(10))  // stream 1: 408
        #expect(budget.heldBytes(.bodies) == 0 && session.heldBodyBytes == 0)
    }

    /// Past the connection's cap of unfinished bodies the window of further DATA is withheld and
    /// a new stream with a body is refused (REFUSED_STREAM); a bodiless one is not. The window
    /// comes back once a body is handed out.
    @Test func http2ConnectionCapWithholdsWindowAndRefusesStreams() {
        let budget = MemoryBudget(limit: 4 << 20)  // room for a window's worth (1 MiB) beside the bodies
        let session = Self.session(budget, connectionCap: 1000)
        _ = session.receive(
            RawHTTP2.opening + RawHTTP2.get(stream: 1, open: true) + Self.data(stream: 1, 800)
                + RawHTTP2.get(stream: 3, open: true) + Self.data(stream: 3, 700), now: .now)
        #expect(session.heldBodyBytes == 1500 && session.deferredWindow == 700)
        _ = session.receive(RawHTTP2.get(stream: 5, open: true) + RawHTTP2.get(stream: 7), now: .now)
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        let resets = HTTP2DefenceTests.resets(HTTP2SessionTests.frames(output))
        #expect(resets.map(\.0) == [5] && resets.map(\.1) == [7])  // REFUSED_STREAM
        #expect(budget.refusals(.http2Stream) == 1)
        let requests = session.receive(Self.data(stream: 1, 0, end: true), now: .now)
        #expect(requests.map(\.streamID) == [1])
        #expect(session.heldBodyBytes == 700 && session.deferredWindow == 0)
    }

    /// DATA the budget cannot take is not kept: the stream is answered 503 with `Retry-After`
    /// (counted), its charge released; a new body stream is refused while the budget has less
    /// than a window's worth left.
    @Test func http2BudgetRefusesBodies() {
        let budget = MemoryBudget(limit: 20_000)
        let session = Self.session(budget, maxBodyBytes: 8192)
        _ = session.receive(
            RawHTTP2.opening + RawHTTP2.get(stream: 1, open: true) + RawHTTP2.get(stream: 3, open: true)
                + RawHTTP2.get(stream: 5, open: true) + Self.data(stream: 1, 100) + Self.data(stream: 3, 100)
                + Self.data(stream: 5, 100), now: .now)
        #expect(budget.heldBytes(.bodies) == 16384 && budget.refusals(.http2Body) == 1)
        #expect(session.heldBodyBytes == 200)
        _ = session.receive(RawHTTP2.get(stream: 7, open: true), now: .now)
        var output: [UInt8] = []
        session.drainOutput(into: &output)
        let frames = HTTP2SessionTests.frames(output)
        #expect(frames.filter { $0.type == 1 }.map(\.streamID) == [5])  // the 503's HEADERS
        #expect(HTTP2DefenceTests.resets(frames).filter { $0.1 == 7 }.map(\.0) == [7])
        _ = session.receive(
            RawHTTP2.frame(3, stream: 1, [0, 0, 0, 8]) + RawHTTP2.frame(3, stream: 3, [0, 0, 0, 8]), now: .now)
        #expect(budget.heldBytes(.bodies) == 0)
    }
}
