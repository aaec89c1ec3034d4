import Testing

@testable import HTTPServer

/// The head as bytes: values decoded when asked, names and facts read on the bytes.
struct HTTP1HeadBytesTests {
    /// The one head of `bytes`, parsed.
    private func head(_ bytes: [UInt8]) throws -> HTTPRequestHead {
        var harness = ParserHarness()
        return try #require(harness.feed(bytes).first).head
    }

    private func head(_ text: String) throws -> HTTPRequestHead {
        try head(Array(text.utf8))
    }

    /// A received value read lazily is the String the parser used to build: OWS trimmed,
    /// obs-text kept, invalid UTF-8 repaired; lookups, `values` and iteration agree.
    @Test func lazyValuesEqualDecodedStrings() throws {
        let text: [UInt8] =
            Array("GET / HTTP/1.1\r\nHost: a\r\nX-Name: \t caf".utf8) + [0xC3, 0xA9] + Array(" \r\nX-Bad: a".utf8)
            + [0xFF] + Array("b\r\nx-name: two\r\nX-Empty:  \r\n\r\n".utf8)
        let head = try head(text)
        #expect(head.headers["x-name"] == "café")
        #expect(head.headers["X-BAD"] == "a\u{FFFD}b")
        #expect(head.headers["x-empty"] == "")
        #expect(head.headers.values("X-Name") == ["café", "two"])
        #expect(head.headers.map(\.value) == ["a", "café", "a\u{FFFD}b", "two", ""])
        #expect(head.headers.map(\.name) == ["Host", "X-Name", "X-Bad", "x-name", "X-Empty"])
        for field in head.headers.fields {
            let bytes = field.withValueBytes { Array($0) }
            #expect(String(decoding: bytes, as: UTF8.self) == field.value)
        }
    }

    /// A received head's headers still take a handler's changes: set, add and remove.
    @Test func receivedHeadersAreEditable() throws {
        var headers = try head("GET / HTTP/1.1\r\nHost: a\r\nAccept: x\r\nACCEPT: y\r\nX-A: 1\r\n\r\n").headers
        headers.set(.accept, "z")
        headers.add("x-b", "2")
        headers.remove("X-A")
        #expect(headers.map { "\($0.name)=\($0.value)" } == ["Host=a", "Accept=z", "x-b=2"])
    }

    /// Every well-known name is found from its bytes in any case: equal to the static name,
    /// its canonical spelling the static one, its raw spelling as sent.
    @Test func wellKnownNamesInAnyCase() {
        let names: [HTTPFieldName] = [
            .accept, .acceptEncoding, .acceptLanguage, .authorization, .cacheControl, .connection, .contentEncoding,
            .contentLength, .contentType, .cookie, .expect, .host, .http2Settings, .ifNoneMatch, .origin, .pragma,
            .referer, .transferEncoding, .upgrade, .userAgent, .xRequestID,
        ]
        for name in names {
            for spelling in [name.rawName, name.canonicalName, name.rawName.uppercased()] {
                let parsed = HTTPFieldName(validTokenBytes: Array(spelling.utf8))
                #expect(parsed == name, "\(spelling)")
                #expect(parsed.rawName == spelling)
                #expect(parsed.canonicalName == name.canonicalName)
                #expect(parsed.key == name.key)
            }
        }
    }

    /// A name of a well-known name's length and first letter, or differing in one byte, is its
    /// own name (lower-cased once), not the well-known one.
    @Test func nearMissesAreOtherNames() {
        for spelling in [
            "Hose", "Hosx", "Accept-Encodinx", "Accept-Languagf",
            "Content-Lengtz", "X-Request-Ix", "Connectiom", "Expec_", "Cookie-",
        ] {
            let parsed = HTTPFieldName(validTokenBytes: Array(spelling.utf8))
            #expect(parsed == HTTPFieldName(spelling), "\(spelling)")
            #expect(parsed.rawName == spelling)
            #expect(parsed.canonicalName == spelling.lowercased())
        }
        #expect(HTTPFieldName(validTokenBytes: Array("Accept-Language".utf8)) != .acceptEncoding)
        #expect(HTTPFieldName(validTokenBytes: Array("ACCEPT-ENCODING".utf8)) != .acceptLanguage)
    }

    /// `Connection` options are list items compared as ASCII without case, in any field of the head.
    @Test(arguments: [
        ("HTTP/1.1", "Connection: foo, Close", false),
        ("HTTP/1.1", "Connection: ,, CLOSE ,", false),
        ("HTTP/1.1", "Connection: closed", true),
        ("HTTP/1.1", "Connection: upgrade\r\nconnection: close", false),
        ("HTTP/1.1", "Connection: keep-alive, clos", true),
        ("HTTP/1.0", "Connection: Keep-Alive", true),
        ("HTTP/1.0", "Connection: foo,\tKEEP-ALIVE\t", true),
        ("HTTP/1.0", "Connection: keep-alive-ish", false),
        ("HTTP/1.0", "Connection: keep-alive, close", false),
        ("HTTP/1.0", "X-Connection: keep-alive", false),
    ])
    func keepAliveOnBytes(version: String, field: String, keepAlive: Bool) throws {
        let head = try head("GET / \(version)\r\nHost: a\r\n\(field)\r\n\r\n")
        #expect(head.keepAlive == keepAlive)
    }

    /// `Expect` is the first one, lower-cased; an HTTP/1.0 request has none; X-Request-Id and
    /// User-Agent are the first ones, decoded when asked.
    @Test func expectationAndFirstValues() throws {
        let head = try head(
            "POST / HTTP/1.1\r\nHost: a\r\nexpect: 100-CONTINUE\r\nExpect: other\r\nX-REQUEST-ID: r1\r\n"
                + "x-request-id: r2\r\nuser-agent: curl/8\r\nUser-Agent: b\r\nContent-Length: 0\r\n\r\n")
        #expect(head.expectation == "100-continue")
        #expect(head.clientRequestID == "r1")
        #expect(head.userAgent == "curl/8")
        let old = try self.head("GET / HTTP/1.0\r\nExpect: 100-continue\r\n\r\n")
        #expect(old.expectation == nil)
        #expect(old.clientRequestID == nil)
        #expect(old.userAgent == nil)
    }

    /// Framing read from the values' bytes: list items, case, and the same errors as before.
    @Test func framingOnBytes() throws {
        #expect(
            try head("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3 , 3\r\ncontent-length: 3\r\n\r\nabc").framing
                == .length(3))
        #expect(
            try head("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: CHUNKED\r\n\r\n0\r\n\r\n").framing == .chunked)
        func kind(_ fields: String, _ version: String = "HTTP/1.1") -> HTTPParserError.Kind? {
            HTTP1Parser.error(for: "POST / \(version)\r\nHost: a\r\n\(fields)\r\n\r\n")?.kind
        }
        #expect(kind("Content-Length: 3, 4") == .conflictingContentLength)
        #expect(kind("Content-Length: 3\r\nContent-Length: 4") == .conflictingContentLength)
        #expect(kind("Content-Length: 3,") == .invalidContentLength)
        #expect(kind("Content-Length: +3") == .invalidContentLength)
        #expect(kind("Content-Length: 99999999999999999999") == .bodyTooLarge)
        #expect(kind("Content-Length: 1048577") == .bodyTooLarge)
        #expect(kind("Transfer-Encoding: chunked\r\nContent-Length: 3") == .contentLengthWithTransferEncoding)
        #expect(kind("Transfer-Encoding: chunked", "HTTP/1.0") == .transferEncodingInHTTP10)
        #expect(kind("Transfer-Encoding: chunked, chunked") == .invalidTransferEncoding)
        #expect(kind("Transfer-Encoding: chunked,") == .invalidTransferEncoding)
        #expect(kind("Transfer-Encoding: ,gzip") == .invalidTransferEncoding)
        // Tokens compare as ASCII: a KELVIN SIGN is not a `k`, whatever Unicode lower-casing says.
        #expect(kind("Transfer-Encoding: chun\u{212A}ed") == .unsupportedTransferEncoding)
        let unsupported = HTTP1Parser.error(
            for: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Gzip, chunked\r\nTransfer-Encoding: br\r\n\r\n")
        #expect(unsupported?.kind == .unsupportedTransferEncoding)
        #expect(unsupported?.detail == "Transfer-Encoding Gzip, br is not supported.")
    }

    /// The target is split once on its bytes, as `HTTPRequest` splits a String target.
    @Test(arguments: ["/healthz", "/v1/grid?count=4&x=%20", "/a?", "/a?b?c", "*", "http://h:1/p/q?r=s", "HTTPS://h"])
    func targetSplitOnBytes(target: String) throws {
        let head = try head("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n")
        let request = HTTPRequest(head: head, body: [])
        let expected = HTTPRequest(method: .get, target: target)
        #expect(head.target == target)
        #expect(request.target == target)
        #expect(request.path == expected.path)
        #expect(request.query == expected.query)
        #expect(head.path == expected.path)
        #expect(head.query == expected.query)
    }

    /// The common methods are the static ones; any other token is itself, case kept.
    @Test func methodsFromBytes() throws {
        #expect(try head("GET / HTTP/1.1\r\nHost: a\r\n\r\n").method == .get)
        #expect(try head("HEAD / HTTP/1.1\r\nHost: a\r\n\r\n").method == .head)
        #expect(try head("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n").method == .post)
        #expect(try head("get / HTTP/1.1\r\nHost: a\r\n\r\n").method.rawValue == "get")
        #expect(try head("GETS / HTTP/1.1\r\nHost: a\r\n\r\n").method.rawValue == "GETS")
        #expect(try head("POSt / HTTP/1.1\r\nHost: a\r\n\r\n").method.rawValue == "POSt")
    }
}

/// The byte-level lookups behind the head: the well-known table and the tchar bit sets.
struct HTTPByteLookupTests {
    /// Each well-known name is found by `wellKnown(matching:)` in its usual, lower and upper case.
    @Test func everyWellKnownNameIsInTheTable() {
        let names: [HTTPFieldName] = [
            .accept, .acceptEncoding, .acceptLanguage, .authorization, .cacheControl, .connection, .contentEncoding,
            .contentLength, .contentType, .cookie, .expect, .host, .http2Settings, .ifNoneMatch, .origin, .pragma,
            .referer, .transferEncoding, .upgrade, .userAgent, .xRequestID,
        ]
        for name in names {
            for spelling in [name.rawName, name.canonicalName, name.rawName.uppercased()] {
                let found = Array(spelling.utf8).withUnsafeBufferPointer { HTTPFieldName.wellKnown(matching: $0) }
                #expect(found?.canonicalName == name.canonicalName, "\(spelling)")
                #expect(found?.rawName == spelling)
            }
        }
        #expect(Array("X-Custom".utf8).withUnsafeBufferPointer { HTTPFieldName.wellKnown(matching: $0) } == nil)
        // The table's byte spellings are the static names' own.
        for name in names {
            let entry = Array(name.rawName.utf8).withUnsafeBufferPointer { HTTPFieldName.candidate(for: $0) }
            #expect(entry?.name == name)
            #expect(entry?.canonical.description == name.canonicalName)
            #expect(entry?.raw.description == name.rawName)
        }
    }

    /// tchar (RFC 9110 §5.6.2) is exactly the digits, the letters and ``!#$%&'*+-.^_`|~``.
    @Test func tokenCharacters() {
        let expected = Set(Array("!#$%&'*+-.^_`|~0123456789".utf8)).union(65...90).union(97...122)
        for byte in UInt8.min...UInt8.max {
            #expect(ASCII.isTokenCharacter(byte) == expected.contains(byte), "byte \(byte)")
        }
    }
}

/// `RequestTarget`'s split of a String target (HTTP/2's `:path`, a handler's): the exact parts.
struct RequestTargetStringTests {
    @Test func originFormParts() {
        let cases: [(String, String, String?)] = [
            ("/healthz", "/healthz", nil), ("/a?b", "/a", "b"), ("/a?", "/a", ""), ("/?", "/", ""),
            ("/a?b?c", "/a", "b?c"), ("/é/ü?q=ß", "/é/ü", "q=ß"), ("/", "/", nil),
            (
                "/a-path-longer-than-a-small-string?and=a&long=query", "/a-path-longer-than-a-small-string",
                "and=a&long=query"
            ),
        ]
        for (target, path, query) in cases {
            let split = RequestTarget(target)
            #expect(split.target == target && split.path == path && split.query == query, "\(target)")
        }
        let absolute = RequestTarget("HTTP://h:1/p?q")
        #expect(absolute.path == "/p" && absolute.query == "q")
        #expect(RequestTarget("*").path == "*" && RequestTarget("*").query == nil)
    }
}
