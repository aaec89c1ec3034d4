@testable import HTTPServer

/// A request as the parser yields it: head and body.
struct ParsedRequest {
    var head: HTTPRequestHead
    var body: [UInt8]
    var byteCount: Int
}

/// A parser and the head it returned last, so that requests can be assembled across feeds.
struct ParserHarness {
    var parser: HTTP1Parser
    var head: HTTPRequestHead?

    init(limits: HTTPServerConfiguration.Limits = .init()) {
        parser = HTTP1Parser(limits: limits)
    }

    /// Feeds `bytes` and returns the requests completed by them.
    mutating func feed(_ bytes: [UInt8]) throws(HTTPParserError) -> [ParsedRequest] {
        parser.feed(bytes)
        var done: [ParsedRequest] = []
        while let event = try parser.next() {
            switch event {
            case .head(let parsed): head = parsed
            case .end(let body, let byteCount):
                if let head { done.append(ParsedRequest(head: head, body: body, byteCount: byteCount)) }
                head = nil
            }
        }
        return done
    }
}

extension HTTP1Parser {
    /// Feeds `text` and collects the requests it completes (a head returned by an earlier call is not kept).
    mutating func requests(_ text: String) throws(HTTPParserError) -> [ParsedRequest] {
        var harness = ParserHarness(limits: limits)
        harness.parser = self
        defer { self = harness.parser }
        return try harness.feed(Array(text.utf8))
    }

    /// The error `text` provokes, or nil.
    static func error(for text: String, limits: HTTPServerConfiguration.Limits = .init()) -> HTTPParserError? {
        var parser = HTTP1Parser(limits: limits)
        do {
            _ = try parser.requests(text)
            return nil
        } catch {
            return error
        }
    }
}

extension Array where Element == UInt8 {
    var text: String { String(decoding: self, as: UTF8.self) }
}
