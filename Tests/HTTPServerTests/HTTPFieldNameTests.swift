import Testing

@testable import HTTPServer

struct HTTPFieldNameTests {
    /// A name keeps its spelling, compares and hashes by its lower-case form, and knows if it is a token.
    @Test func canonicalSpelling() {
        let name = HTTPFieldName("Content-TYPE")
        #expect(name.rawName == "Content-TYPE")
        #expect(name.canonicalName == "content-type")
        #expect(name == .contentType)
        #expect(Set<HTTPFieldName>(["X-A", "x-a", "X-B"]).count == 2)
        #expect(name.isToken)
        #expect(!HTTPFieldName("X A").isToken)
        #expect(!HTTPFieldName("").isToken)
        #expect(HTTPFieldName("x-already-lower").canonicalName == "x-already-lower")
    }

    /// Every well-known name, made from literals with its key written out, is the name its
    /// spelling makes: the same canonical spelling, key and token check as `HTTPFieldName(_:)`.
    @Test func wellKnownNamesAreTheirSpellings() {
        let names: [HTTPFieldName] = [
            .accept, .acceptEncoding, .acceptLanguage, .allow, .authorization, .cacheControl, .connection,
            .contentEncoding, .contentLength, .contentType, .cookie, .date, .eTag, .expect, .host, .http2Settings,
            .ifNoneMatch, .origin, .pragma, .referer, .retryAfter, .server, .transferEncoding, .upgrade, .userAgent,
            .vary, .xRequestID,
        ]
        #expect(names.count == 27)
        for name in names {
            let made = HTTPFieldName(name.rawName)
            #expect(name.canonicalName == made.canonicalName, "\(name.rawName)")
            #expect(name.key == HTTPFieldName.key(of: name.canonicalName), "\(name.rawName)")
            #expect(name.key == made.key && name.isToken == made.isToken, "\(name.rawName)")
            #expect(name == made)
        }
    }

    /// The parser's names are the same names: a lookup by a static name finds a field sent in any case.
    @Test func parsedNamesMatchStaticNames() throws {
        var parser = HTTP1Parser()
        let requests = try parser.requests(
            "POST / HTTP/1.1\r\nhOsT: a\r\nCONTENT-LENGTH: 2\r\nx-request-id: abc\r\nUSER-AGENT: t/1\r\n\r\nhi")
        let head = try #require(requests.first?.head)
        #expect(head.headers[.host] == "a")
        #expect(head.headers[.contentLength] == "2")
        #expect(head.headers.map(\.name) == ["hOsT", "CONTENT-LENGTH", "x-request-id", "USER-AGENT"])
        #expect(head.framing == .length(2))
        #expect(head.clientRequestID == "abc")
        #expect(head.userAgent == "t/1")
    }

    /// A well-known name sent in its usual or lower-case spelling is that name; any other
    /// spelling keeps its own; names of equal length and ends still compare by their text.
    @Test func wellKnownSpellings() throws {
        var parser = HTTP1Parser()
        let requests = try parser.requests(
            "GET / HTTP/1.1\r\nHost: a\r\nuser-agent: u\r\nACCEPT-encoding: gzip\r\nAccept-Language: en\r\n\r\n")
        let fields = try #require(requests.first?.head.headers.fields)
        #expect(fields.map(\.name.rawName) == ["Host", "user-agent", "ACCEPT-encoding", "Accept-Language"])
        #expect(fields.map(\.name.canonicalName) == ["host", "user-agent", "accept-encoding", "accept-language"])
        #expect(fields[2].name == .acceptEncoding)
        #expect(fields[3].name != .acceptEncoding)
        // Same length, same first three and last four bytes: equal keys, told apart by their text.
        #expect(HTTPFieldName.key(of: "x-abcd-zzzz") == HTTPFieldName.key(of: "x-abef-zzzz"))
        #expect(HTTPFieldName("X-abcd-zzzz") != HTTPFieldName("x-abef-zzzz"))
        #expect(HTTPFieldName("X-ABCD-zzzz") == HTTPFieldName("x-abcd-ZZZZ"))
        #expect(HTTPFieldName(validTokenBytes: Array("X-ABCD-zzzz".utf8)) == HTTPFieldName("x-abcd-zzzz"))
    }

    /// Facts read once: the first X-Request-Id and User-Agent, the Expect of HTTP/1.1 only, lower-cased.
    @Test func headFacts() throws {
        var parser = HTTP1Parser()
        let text =
            "GET / HTTP/1.1\r\nHost: a\r\nExpect:  100-Continue \r\nX-Request-Id: one\r\nX-Request-Id: two\r\n\r\n"
            + "GET / HTTP/1.0\r\nExpect: 100-continue\r\nConnection: close, keep-alive\r\n\r\n"
        let requests = try parser.requests(text)
        #expect(requests.count == 2)
        #expect(requests[0].head.expectation == "100-continue")
        #expect(requests[0].head.clientRequestID == "one")
        #expect(requests[0].head.userAgent == nil)
        #expect(requests[0].head.keepAlive)
        #expect(requests[1].head.expectation == nil)
        #expect(!requests[1].head.keepAlive)
    }
}

struct GeneratedRequestIDTests {
    /// `<prefix>-<n>` for zero, one digit, several digits and the largest Int.
    @Test func digits() {
        #expect(RequestContext.generatedID(prefix: "ab12-c", number: 0) == "ab12-c-0")
        #expect(RequestContext.generatedID(prefix: "p", number: 7) == "p-7")
        #expect(RequestContext.generatedID(prefix: "p", number: 1_234_509) == "p-1234509")
        #expect(RequestContext.generatedID(prefix: "", number: Int.max) == "-\(Int.max)")
    }
}
