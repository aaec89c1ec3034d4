import Testing

@testable import HTTPServer

/// Methods: the standard ones kept as numbers, other tokens as received, compared and hashed
/// by their tokens either way.
struct HTTPMethodTests {
    static let standard = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    /// Each standard token, however made, is its named method, with its number in order.
    @Test func standardMethodsByNumber() {
        for (offset, token) in Self.standard.enumerated() {
            let method = HTTPMethod(rawValue: token)
            #expect(method.rawValue == token && method.description == token)
            #expect(method.standardNumber == offset + 1)
            let fromBytes = Array(token.utf8).withUnsafeBufferPointer { HTTPMethod(tokenBytes: $0) }
            #expect(fromBytes == method && fromBytes.standardNumber == offset + 1)
        }
        let named: [HTTPMethod] = [.get, .head, .post, .put, .delete, .options, .patch]
        #expect(named.map(\.rawValue) == ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"])
        #expect(named.map(\.standardNumber) == [1, 2, 3, 4, 5, 7, 9])
    }

    /// Other tokens (another case, a longer or unknown one, empty) are kept as received,
    /// numbered 0, equal only to the same token.
    @Test func otherTokensAsReceived() {
        for token in ["get", "GETS", "POSt", "BREW", "-", "", "PROPFIND", "GE"] {
            let method = HTTPMethod(rawValue: token)
            #expect(method.rawValue == token && method.standardNumber == 0)
            #expect(method == HTTPMethod(rawValue: token))
            #expect(Self.standard.allSatisfy { method != HTTPMethod(rawValue: $0) })
        }
        let brew = Array("BREW".utf8).withUnsafeBufferPointer { HTTPMethod(tokenBytes: $0) }
        #expect(brew == HTTPMethod(rawValue: "BREW") && brew != HTTPMethod(rawValue: "BREWS"))
        #expect(HTTPMethod(rawValue: "get") != .get && HTTPMethod(rawValue: "PUT") != .post)
    }

    /// Equal methods hash alike, in a Set and as dictionary keys.
    @Test func hashesAgreeWithEquality() {
        let tokens = Self.standard + ["get", "BREW", "-"]
        let made = Set(tokens.map { HTTPMethod(rawValue: $0) })
        #expect(made.count == tokens.count)
        #expect(made.contains(.get) && made.contains(HTTPMethod(rawValue: "BREW")))
        #expect(!made.contains(HTTPMethod(rawValue: "brew")))
        var counts: [HTTPMethod: Int] = [:]
        for token in tokens + ["GET", "BREW"] { counts[HTTPMethod(rawValue: token), default: 0] += 1 }
        #expect(counts[.get] == 2 && counts[HTTPMethod(rawValue: "BREW")] == 2 && counts[.head] == 1)
    }
}
