// libFuzzer entry point for the HTTP/1.1 request parser and connection state machine, linked
// with Sources/HTTPServer by scripts/fuzz. Besides "no crash, no leak, no hang":
// - the parser yields the same events and the same error whether the bytes arrive at once,
//   split at a boundary chosen by the input, or one byte at a time (short inputs);
// - no head exceeds the header limit, no body the body limit, and the wire byte counts of
//   the requests never exceed the bytes fed;
// - the connection machine answers every request it hands out exactly once, in order, and
//   once its input ends (and time passes) it closes.
import Foundation

@testable import HTTPServer

/// Small limits, so that the fuzzer reaches them.
private let fuzzLimits = HTTPServerConfiguration.Limits(maxHeaderBytes: 512, maxBodyBytes: 1024)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP1(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = parseEvents(bytes, chunkSizes: [size])
    let split = size == 0 ? 0 : Int(bytes[0]) * size / 256
    check(parseEvents(bytes, chunkSizes: [split, size - split]), equals: whole, "split at \(split)")
    if size <= 1024 {
        check(parseEvents(bytes, chunkSizes: Array(repeating: 1, count: size)), equals: whole, "byte by byte")
    }
    driveConnection(bytes)
    return 0
}

/// The parser's events as text, and how it stopped (`more` or the error), for bytes fed in chunks.
private func parseEvents(_ bytes: [UInt8], chunkSizes: [Int]) -> [String] {
    var parser = HTTP1Parser(limits: fuzzLimits)
    var events: [String] = []
    var offset = 0
    var wireBytes = 0
    for chunk in chunkSizes where chunk > 0 {
        parser.feed(Array(bytes[offset..<offset + chunk]))
        offset += chunk
        while true {
            let event: HTTP1Parser.Event?
            do {
                event = try parser.next()
            } catch {
                events.append("error \(error.kind)")
                return events
            }
            guard let event else { break }
            switch event {
            case .head(let head):
                precondition(head.byteCount <= fuzzLimits.maxHeaderBytes, "head of \(head.byteCount) bytes")
                let fields = head.headers.map { "\($0.name): \($0.value)" }.joined(separator: "|")
                events.append("head \(head.method.rawValue) \(head.target) \(head.version) \(head.framing) \(fields)")
            case .end(let body, let byteCount):
                precondition(body.count <= fuzzLimits.maxBodyBytes, "body of \(body.count) bytes")
                wireBytes += byteCount
                precondition(wireBytes <= offset, "\(wireBytes) wire bytes counted of \(offset) fed")
                events.append("end \(body.count) \(byteCount) \(body.hashValue)")
            }
        }
    }
    events.append("more")
    return events
}

private func check(_ events: [String], equals expected: [String], _ how: String) {
    guard events == expected else {
        fatalError("parser events differ when fed \(how):\n\(events)\nversus at once:\n\(expected)")
    }
}

/// Feeds the bytes to a connection in two halves, answers each request at once, lets time pass,
/// ends the input, and checks that every request got one response, in order, and it closed.
private func driveConnection(_ bytes: [UInt8]) {
    let start = ContinuousClock.now
    var connection = HTTP1Connection(
        configuration: .init(limits: fuzzLimits, timeouts: .init(requestHead: .seconds(1), idle: .seconds(2))),
        requestIDPrefix: "fuzz", now: start)
    var handled: [Int] = []
    var sent = 0
    var closed = false
    func run(_ actions: [HTTP1Connection.Action], at now: ContinuousClock.Instant) {
        var work = actions
        var index = 0
        while index < work.count {
            let action = work[index]
            index += 1
            precondition(!closed, "an action after close")
            switch action {
            case .handle(let request, _, let sequence):
                precondition(handled.last.map { sequence > $0 } ?? true, "sequence \(sequence) out of order")
                handled.append(sequence)
                work += connection.complete(sequence: sequence, with: HTTPResponse(body: request.body), now: now)
            case .send(let response, _):
                precondition(HTTP1Serializer.isWritable(response), "an unwritable response")
                sent += 1
            case .sendContinue:
                break
            case .close:
                closed = true
            }
        }
    }
    let half = bytes.count / 2
    run(connection.received(Array(bytes[..<half]), now: start), at: start)
    run(connection.tick(now: start + .milliseconds(500)), at: start + .milliseconds(500))
    run(connection.received(Array(bytes[half...]), now: start + .milliseconds(600)), at: start + .milliseconds(600))
    run(connection.inputClosed(now: start + .milliseconds(700)), at: start + .milliseconds(700))
    run(connection.tick(now: start + .seconds(5)), at: start + .seconds(5))
    precondition(closed && connection.isClosed, "still open after its input ended and the timeouts passed")
    precondition(sent >= handled.count, "\(sent) responses for \(handled.count) requests")
}
