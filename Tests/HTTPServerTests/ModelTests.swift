import Testing

@testable import HTTPServer

struct ModelTests {
    /// Lookup ignores case; set replaces every value in place of the first; remove drops all.
    @Test func headers() {
        var headers = HTTPHeaders([("Accept", "a"), ("X-A", "1"), ("accept", "b")])
        #expect(headers["ACCEPT"] == "a")
        #expect(headers.values("accept") == ["a", "b"])
        headers.set("aCCept", "c")
        #expect(headers.map { "\($0.name)=\($0.value)" } == ["Accept=c", "X-A=1"])
        headers.add("X-A", "2")
        headers.remove("x-a")
        #expect(headers.map(\.name) == ["Accept"])
        #expect(!headers.contains("X-A"))
        headers.set("New", "n")
        #expect(headers["new"] == "n")
    }

    /// Path and query split at the first `?`; absolute-form targets keep only their path.
    @Test func targetSplitting() {
        var request = HTTPRequest(method: .get, target: "/v1/grid?count=4&style=classic")
        #expect(request.path == "/v1/grid")
        #expect(request.query == "count=4&style=classic")
        request.target = "/healthz"
        #expect(request.path == "/healthz")
        #expect(request.query == nil)
        let absolute = HTTPRequest(method: .get, target: "http://example.com:8080/a/b?c=d")
        #expect(absolute.path == "/a/b")
        #expect(absolute.query == "c=d")
    }

    /// Query items are percent-decoded with `+` as a space; malformed escapes stay as written.
    @Test func queryItems() {
        let request = HTTPRequest(method: .get, target: "/g?a=1&b=hello+world&c=%E5%BE%AE%2B&d&e=%zz&=x")
        let items = request.queryItems.map { "\($0.name)=\($0.value)" }
        #expect(items == ["a=1", "b=hello world", "c=微+", "d=", "e=%zz", "=x"])
    }

    /// Reason phrases come from RFC 9110; an unregistered code reads Unknown.
    @Test func statusReasons() {
        #expect(HTTPStatus.contentTooLarge == HTTPStatus(code: 413, reason: "Content Too Large"))
        #expect(HTTPStatus.unprocessableContent.reason == "Unprocessable Content")
        #expect(HTTPStatus.reason(for: 431) == "Request Header Fields Too Large")
        #expect(HTTPStatus.reason(for: 299) == "Unknown")
    }

    /// Problem JSON escapes quotes, backslashes and controls, and omits empty `errors`.
    @Test func problemJSON() {
        let problem = ProblemDetails(status: .badRequest, detail: "a \"quoted\" \\ line\nand \u{1}")
        #expect(
            problem.jsonBytes().text
                == #"{"type":"urn:problem:timeline-layout:bad-request","title":"Bad Request","status":400,"detail":"a \"quoted\" \\ line\nand \u0001"}"#
        )
        let response = HTTPResponse.problem(problem)
        #expect(response.status == .badRequest)
        #expect(response.headers["content-type"] == "application/problem+json")
    }

    /// Problem JSON through the shared JSON writer: `errors` in order, `\b` `\f` `\t` `\r` as
    /// short escapes, other controls as `\u00XX`, `/` and non-ASCII as is.
    @Test func problemJSONWithErrors() {
        let problem = ProblemDetails(
            status: .unprocessableContent, detail: "b\u{8}f\u{C}t\tr\r\u{1F}/微",
            errors: [.init(pointer: "/statuses/0", detail: "x"), .init(pointer: "/options", detail: "\"y\"")])
        #expect(
            problem.jsonBytes().text
                == #"{"type":"urn:problem:timeline-layout:invalid-value","title":"Unprocessable Content","status":422,"detail":"b\bf\ft\tr\r\u001f/微","#
                + #""errors":[{"pointer":"/statuses/0","detail":"x"},{"pointer":"/options","detail":"\"y\""}]}"#
        )
    }

    /// Request IDs are echoed only when 1–200 visible ASCII characters.
    @Test func requestIDSanity() {
        #expect(RequestContext.isSaneRequestID("abc-123_X"))
        #expect(RequestContext.isSaneRequestID(String(repeating: "a", count: 200)))
        #expect(!RequestContext.isSaneRequestID(String(repeating: "a", count: 201)))
        #expect(!RequestContext.isSaneRequestID(""))
        #expect(!RequestContext.isSaneRequestID("a b"))
        #expect(!RequestContext.isSaneRequestID("é"))
    }
}
