import Testing

@testable import HTTPServer

/// Malformed and ambiguous requests, each refused with its kind and status.
struct HTTP1ParserRejectionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var kind: HTTPParserError.Kind
        var status: Int
        var testDescription: String { name }
    }

    static let host = "Host: a\r\n"

    static let cases: [Case] = [
        Case(
            name: "Content-Length with Transfer-Encoding",
            text: "POST / HTTP/1.1\r\n\(host)Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            kind: .contentLengthWithTransferEncoding, status: 400),
        Case(
            name: "differing duplicate Content-Length",
            text: "POST / HTTP/1.1\r\n\(host)Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
            kind: .conflictingContentLength, status: 400),
        Case(
            name: "differing Content-Length list",
            text: "POST / HTTP/1.1\r\n\(host)Content-Length: 5, 6\r\n\r\nhello!",
            kind: .conflictingContentLength, status: 400),
        Case(
            name: "signed Content-Length", text: "POST / HTTP/1.1\r\n\(host)Content-Length: +5\r\n\r\nhello",
            kind: .invalidContentLength, status: 400),
        Case(
            name: "negative chunk size",
            text: "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n-1\r\nx\r\n0\r\n\r\n",
            kind: .invalidChunkSize, status: 400),
        Case(
            name: "chunk size overflow",
            text: "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n1ffffffffffffffff\r\nx\r\n",
            kind: .invalidChunkSize, status: 400),
        Case(
            name: "chunk size garbage",
            text: "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n",
            kind: .invalidChunkSize, status: 400),
        Case(
            name: "empty chunk size", text: "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n\r\n",
            kind: .invalidChunkSize, status: 400),
        Case(
            name: "chunk data without CRLF",
            text: "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
            kind: .missingChunkTerminator, status: 400),
        Case(
            name: "bare LF in chunk line",
            text: "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n2\nab\r\n0\r\n\r\n",
            kind: .bareLineFeed, status: 400),
        Case(
            name: "bare LF after the request line", text: "GET / HTTP/1.1\n\(host)\r\n", kind: .bareLineFeed,
            status: 400),
        Case(name: "bare LF ending the head", text: "GET / HTTP/1.1\r\n\(host)\n", kind: .bareLineFeed, status: 400),
        Case(
            name: "bare CR in a value", text: "GET / HTTP/1.1\r\n\(host)X-A: b\rc\r\n\r\n", kind: .bareCarriageReturn,
            status: 400),
        Case(
            name: "obsolete line folding", text: "GET / HTTP/1.1\r\n\(host)X-A: b\r\n  c\r\n\r\n",
            kind: .obsoleteLineFolding, status: 400),
        Case(
            name: "whitespace before colon", text: "GET / HTTP/1.1\r\n\(host)Content-Length : 0\r\n\r\n",
            kind: .whitespaceBeforeColon, status: 400),
        Case(
            name: "header name not a token", text: "GET / HTTP/1.1\r\n\(host)X(A): b\r\n\r\n", kind: .invalidHeaderName,
            status: 400),
        Case(
            name: "header line without colon", text: "GET / HTTP/1.1\r\n\(host)Nonsense\r\n\r\n",
            kind: .invalidHeaderName, status: 400),
        Case(
            name: "control character in a value", text: "GET / HTTP/1.1\r\n\(host)X-A: b\u{1}c\r\n\r\n",
            kind: .invalidHeaderValue, status: 400),
        Case(name: "method not a token", text: "G(T / HTTP/1.1\r\n\(host)\r\n", kind: .invalidMethod, status: 400),
        Case(name: "two spaces", text: "GET  / HTTP/1.1\r\n\(host)\r\n", kind: .invalidRequestLine, status: 400),
        Case(name: "no version", text: "GET /\r\n\(host)\r\n", kind: .invalidRequestLine, status: 400),
        Case(name: "lower-case version", text: "GET / http/1.1\r\n\(host)\r\n", kind: .invalidVersion, status: 400),
        Case(
            name: "HTTP/2.0 in HTTP/1 syntax", text: "GET / HTTP/2.0\r\n\(host)\r\n", kind: .unsupportedVersion,
            status: 505),
        Case(name: "missing Host", text: "GET / HTTP/1.1\r\n\r\n", kind: .missingHost, status: 400),
        Case(name: "two Hosts", text: "GET / HTTP/1.1\r\n\(host)\(host)\r\n", kind: .multipleHosts, status: 400),
        Case(
            name: "unsupported transfer coding",
            text: "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n",
            kind: .unsupportedTransferEncoding, status: 501),
        Case(
            name: "chunked twice", text: "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked, chunked\r\n\r\n",
            kind: .invalidTransferEncoding, status: 400),
        Case(
            name: "Transfer-Encoding in HTTP/1.0", text: "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n",
            kind: .transferEncodingInHTTP10, status: 400),
        Case(
            name: "control character in a chunk extension",
            text: "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n1;a\u{7}\r\nx\r\n0\r\n\r\n",
            kind: .invalidChunkExtension, status: 400),
    ]

    /// Each malformed or ambiguous request is refused with the kind and status of its case.
    @Test(arguments: cases) func refuses(_ rejected: Case) throws {
        let error = try #require(HTTP1Parser.error(for: rejected.text))
        #expect(error.kind == rejected.kind)
        #expect(error.status.code == rejected.status)
    }

    /// A space in the target is a malformed request line; a control byte an invalid target.
    @Test func targetCharacters() {
        #expect(HTTP1Parser.error(for: "GET /a b HTTP/1.1\r\nHost: a\r\n\r\n")?.kind == .invalidRequestLine)
        #expect(HTTP1Parser.error(for: "GET /a\u{7F} HTTP/1.1\r\nHost: a\r\n\r\n")?.kind == .invalidTarget)
    }
}
