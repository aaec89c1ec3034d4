import Testing

@testable import HTTPServer

/// A head that arrived whole is answered exactly as one that arrived in pieces: every head below
/// (the usual ones, and ones that are refused or wait) is parsed fed whole, split in two at every
/// byte and fed one byte at a time, and all must agree: the same requests, or the same error.
/// Header values are checked eight bytes at a time (`ASCII.areFieldValueCharacters`): the
/// answers must be the byte-by-byte check's, whatever the position of the offending byte.
struct HTTP1WholeHeadTests {
    /// What a parse of `pieces` fed in order ends with: the requests' targets, headers, facts and
    /// sizes, or the error's kind.
    private func outcome(_ pieces: [[UInt8]], limits: HTTPServerConfiguration.Limits) -> String {
        var harness = ParserHarness(limits: limits)
        var done: [String] = []
        do {
            for piece in pieces {
                for request in try harness.feed(piece) {
                    let head = request.head
                    let fields = head.headers.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
                    done.append(
                        "\(head.method) \(head.target) \(head.version) [\(fields)] \(head.framing) "
                            + "keepAlive=\(head.keepAlive) expect=\(head.expectation ?? "-") "
                            + "id=\(head.clientRequestID ?? "-") ua=\(head.userAgent ?? "-") "
                            + "bytes=\(head.byteCount)/\(request.byteCount) body=\(request.body.text)")
                }
            }
            let rest = harness.parser.bufferedByteCount
            return done.joined(separator: "\n") + " | mid=\(harness.parser.isMidRequest) rest=\(rest)"
        } catch {
            return done.joined(separator: "\n") + " | error \(error)"
        }
    }

    private func expectSameAnswers(_ text: [UInt8], limits: HTTPServerConfiguration.Limits = .init()) {
        let whole = outcome([text], limits: limits)
        for split in 1..<max(1, text.count) {
            let pieces = [Array(text[..<split]), Array(text[split...])]
            #expect(
                outcome(pieces, limits: limits) == whole,
                "split at \(split) of \(String(decoding: text, as: UTF8.self))")
        }
        #expect(outcome(text.map { [$0] }, limits: limits) == whole)
    }

    static let heads: [String] = [
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nuser-agent: h2load nghttp2/1.52.0\r\n\r\n",
        "GET /a?b=c HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nX-Request-Id: r-1\r\n\r\nabc",
        "POST /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nUSER-AGENT: Tab\there\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n\r\nGET /two HTTP/1.1\r\nHost: b\r\n\r\n",
        // Off the fast path, and errors: each must be the scan's answer.
        "\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\n\n",
        "\n",
        "GET / HTTP/1.1\r\nHost: h\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nHost: i\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/2.0\r\nHost: h\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\n Host: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\rx\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\u{7F}\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        "G\u{1}T / HTTP/1.1\r\nHost: h\r\n\r\n",
    ]

    @Test(arguments: heads)
    func sameAnswerWholeAndSplit(_ text: String) {
        expectSameAnswers(Array(text.utf8))
    }

    /// A head over the limit, and one at the limit exactly: the same answer either way.
    @Test func limitOnBothPaths() {
        let head = "GET / HTTP/1.1\r\nHost: h\r\nX-Pad: \(String(repeating: "p", count: 40))\r\n\r\n"
        let size = head.utf8.count
        for limit in [size - 1, size, size + 1] {
            expectSameAnswers(Array(head.utf8), limits: .init(maxHeaderBytes: limit))
        }
    }

    /// More lines than the fast path's table: read line by line, with the same fields.
    @Test func manyLines() throws {
        let count = 70
        let fields = (0..<count).map { "X-F\($0): \($0)\r\n" }.joined()
        let text = "GET / HTTP/1.1\r\nHost: h\r\n\(fields)\r\n"
        var parser = HTTP1Parser()
        let requests = try parser.requests(text)
        #expect(requests.count == 1)
        #expect(requests.first?.head.headers.count == count + 1)
        #expect(requests.first?.head.headers[HTTPFieldName("x-f\(count - 1)")] == "\(count - 1)")
        expectSameAnswers(Array(text.utf8))
    }

    /// Header values checked eight bytes at a time: a control, DEL or bare CR at every position of
    /// a long value is refused as the byte-by-byte check did; tabs and obs-text are kept.
    @Test func valueCheckAtEveryPosition() throws {
        let length = 37
        for position in 0..<length {
            for (bad, kind) in [
                (UInt8(0x01), HTTPParserError.Kind.invalidHeaderValue), (0x7F, .invalidHeaderValue),
                (0x1F, .invalidHeaderValue), (ASCII.cr, .bareCarriageReturn),
            ] {
                var value = [UInt8](repeating: UInt8(ascii: "v"), count: length)
                value[position] = bad
                let text = Array("GET / HTTP/1.1\r\nHost: h\r\nX-V: ".utf8) + value + Array("\r\n\r\n".utf8)
                var parser = HTTP1Parser()
                parser.feed(text)
                do {
                    _ = try parser.next()
                    Issue.record("byte \(bad) at \(position) accepted")
                } catch {
                    #expect(error.kind == kind, "byte \(bad) at \(position)")
                }
            }
            var value = [UInt8](repeating: 0xC3, count: length)
            value[position] = ASCII.tab
            value[length - 1] = UInt8(ascii: "x")
            let text = Array("GET / HTTP/1.1\r\nHost: h\r\nX-V: a".utf8) + value + Array("\r\n\r\n".utf8)
            var parser = HTTP1Parser()
            parser.feed(text)
            guard case .head(let head) = try parser.next() else {
                Issue.record("no head")
                continue
            }
            let stored = try #require(head.headers.fields.last).withValueBytes { Array($0) }
            #expect(stored == [UInt8(ascii: "a")] + value)
        }
    }

    /// The SWAR check itself, on every byte value at every offset of a 16-byte run.
    @Test func fieldValueCharactersAgree() {
        for byte in 0...255 {
            for offset in 0..<16 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
                bytes[offset] = UInt8(byte)
                let fast = bytes.withUnsafeBufferPointer { ASCII.areFieldValueCharacters($0) }
                #expect(fast == bytes.allSatisfy(ASCII.isFieldValueCharacter), "byte \(byte) at \(offset)")
            }
        }
    }
}
