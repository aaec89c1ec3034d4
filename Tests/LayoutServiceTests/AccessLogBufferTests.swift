import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import LayoutService

/// The per-loop access-log buffer: one write per batch, whole lines in order, a size bound,
/// partial writes completed, and no line lost or broken when two threads share a buffer.
struct AccessLogBufferTests {
    /// Every `write` an output received, as separate chunks.
    final class Recorder: Sendable {
        let chunks = Mutex<[[UInt8]]>([])

        /// An output that takes at most `maximum` bytes per call (a short write), or all of them.
        func output(maximum: Int = .max) -> AccessLogOutput {
            AccessLogOutput { bytes in
                let taken = Array(bytes.prefix(maximum))
                self.chunks.withLock { $0.append(taken) }
                return taken.count
            }
        }

        var writes: Int { chunks.withLock { $0.count } }
        var text: String { String(decoding: chunks.withLock { $0.joined() }, as: UTF8.self) }
    }

    static func line(_ text: String) -> (inout [UInt8]) -> Void {
        { $0.append(contentsOf: text.utf8) }
    }

    /// Lines appended during a batch are written by the flush at its end, in one write, in order.
    @Test func oneWritePerBatch() {
        let recorder = Recorder()
        let buffer = AccessLogBuffer(output: recorder.output())
        for number in 0..<50 { buffer.append(Self.line("request \(number)")) }
        #expect(recorder.writes == 0)
        buffer.flush()
        #expect(recorder.writes == 1)
        #expect(recorder.text == (0..<50).map { "request \($0)\n" }.joined())
        buffer.flush()
        #expect(recorder.writes == 1)  // nothing buffered: no empty write
        buffer.append(Self.line("next batch"))
        buffer.flush()
        #expect(recorder.writes == 2)
        #expect(recorder.chunks.withLock { $0[1] } == Array("next batch\n".utf8))
    }

    /// Past `limit` bytes the buffer is written mid-batch: every write holds whole lines, the
    /// buffer never holds `limit` bytes after an append, and nothing is lost or reordered.
    @Test func sizeBoundWritesWholeLines() {
        let recorder = Recorder()
        let buffer = AccessLogBuffer(limit: 100, output: recorder.output())
        let lines = (0..<40).map { "line \($0) " + String(repeating: "x", count: $0 % 17) }
        for line in lines {
            buffer.append(Self.line(line))
            #expect(buffer.bufferedCount < 100)
        }
        buffer.flush()
        let chunks = recorder.chunks.withLock { $0 }
        #expect(chunks.count > 1)
        for chunk in chunks.dropLast() { #expect(chunk.count >= 100) }
        for chunk in chunks { #expect(chunk.last == 0x0A) }
        #expect(recorder.text == lines.map { $0 + "\n" }.joined())
    }

    /// A line longer than the bound is written whole, at once.
    @Test func lineLongerThanTheBound() {
        let recorder = Recorder()
        let buffer = AccessLogBuffer(limit: 10, output: recorder.output())
        let long = String(repeating: "y", count: 500)
        buffer.append(Self.line(long))
        #expect(recorder.writes == 1)
        #expect(recorder.text == long + "\n")
        #expect(buffer.bufferedCount == 0)
    }

    /// A short write is continued until every byte is out.
    @Test func partialWritesAreCompleted() {
        let recorder = Recorder()
        let buffer = AccessLogBuffer(output: recorder.output(maximum: 7))
        for number in 0..<10 { buffer.append(Self.line("partial \(number)")) }
        buffer.flush()
        let expected = (0..<10).map { "partial \($0)\n" }.joined()
        #expect(recorder.writes == (expected.utf8.count + 6) / 7)
        #expect(recorder.text == expected)
    }

    /// A failing output drops the batch without crashing, and the buffer stays usable.
    @Test func failingOutputDropsTheBatch() {
        let failing = AccessLogOutput { _ in
            errno = EBADF
            return -1
        }
        let buffer = AccessLogBuffer(output: failing)
        buffer.append(Self.line("lost"))
        buffer.flush()
        #expect(buffer.bufferedCount == 0)
        var bytes = Array("x".utf8)
        #expect(!bytes.withUnsafeMutableBytes { failing.writeAll(UnsafeRawBufferPointer($0)) })
    }

    /// Two threads on one buffer (loops sharing it): every line arrives exactly once and whole
    /// (a thread that finds the buffer claimed writes its line directly, never waiting).
    @Test func sharedBufferLosesAndBreaksNothing() {
        let recorder = Recorder()
        let buffer = AccessLogBuffer(limit: 256, output: recorder.output())
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for number in 0..<perThread {
                buffer.append(Self.line("t\(thread) n\(number)"))
                if number % 64 == 0 { buffer.flush() }
            }
        }
        buffer.flushWaiting()
        let lines = recorder.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2 * perThread)
        #expect(Set(lines).count == 2 * perThread)
        for thread in 0..<2 {
            let own = lines.filter { $0.hasPrefix("t\(thread) ") }
            #expect(own.count == perThread)
        }
    }

    /// The access log keeps one buffer per loop: a loop's batch end writes its lines, not another's.
    @Test func buffersArePerLoop() throws {
        let recorder = Recorder()
        let log = AccessLog(format: .json, loops: 2, output: recorder.output())
        func record(_ id: String, loop: Int) -> RequestRecord {
            RequestRecord(
                method: .get, path: "/healthz", status: 200, duration: .microseconds(10), bytesIn: 40, bytesOut: 90,
                requestID: id, remoteAddress: "127.0.0.1:1", protocolVersion: "HTTP/1.1", loopIndex: loop)
        }
        log.write(record("a0", loop: 0))
        log.write(record("b0", loop: 1))
        log.write(record("a1", loop: 0))
        log.write(record("c0", loop: 3))  // past the buffer count: shares loop 1's
        #expect(recorder.writes == 0)
        log.flush(loop: 0)
        let ids = { () throws -> [String] in
            try recorder.text.split(separator: "\n").map { line in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return try #require(object["request_id"] as? String)
            }
        }
        #expect(try ids() == ["a0", "a1"])
        log.flushAll()
        #expect(try ids() == ["a0", "a1", "b0", "c0"])
        #expect(recorder.writes == 2)
    }
}
