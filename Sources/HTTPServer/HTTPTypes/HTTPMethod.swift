/// An HTTP request method (RFC 9110 §9): any token; the common ones have names.
///
/// A standard method (RFC 9110 §9.3 and PATCH) is kept as its number, without a String: copying
/// or destroying one touches no reference count, and comparing two compares two bytes. Another
/// token is kept as received.
package struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    private enum Token: Hashable, Sendable {
        /// A standard method's number (see `standardNumber`).
        case standard(UInt8)
        /// Another token, as received.
        case other(String)
    }

    private let token: Token

    /// The method exactly as received, case-sensitive (`GET` and `get` differ, RFC 9110 §9.1).
    package var rawValue: String {
        switch token {
        case .standard(let number): Self.standardName(number)
        case .other(let text): text
        }
    }

    package init(rawValue: String) {
        let number = Self.number(spelledBy: rawValue)
        token = number == 0 ? .other(rawValue) : .standard(number)
    }

    private init(standard: UInt8) {
        token = .standard(standard)
    }

    /// The method spelled by `bytes` (a token the parser checked): the common ones without
    /// decoding a new string, told apart by their length and bytes.
    init(tokenBytes bytes: UnsafeBufferPointer<UInt8>) {
        switch bytes.count {
        case 3 where bytes[0] == UInt8(ascii: "G") && bytes[1] == UInt8(ascii: "E") && bytes[2] == UInt8(ascii: "T"):
            self = .get
        case 4
        where bytes[0] == UInt8(ascii: "P") && bytes[1] == UInt8(ascii: "O") && bytes[2] == UInt8(ascii: "S")
            && bytes[3] == UInt8(ascii: "T"):
            self = .post
        case 4
        where bytes[0] == UInt8(ascii: "H") && bytes[1] == UInt8(ascii: "E") && bytes[2] == UInt8(ascii: "A")
            && bytes[3] == UInt8(ascii: "D"):
            self = .head
        default:
            self.init(rawValue: String(decoding: bytes, as: UTF8.self))
        }
    }

    package var description: String { rawValue }

    /// The standard method's number, in the order GET, HEAD, POST, PUT, DELETE, CONNECT,
    /// OPTIONS, TRACE, PATCH (1 to 9); 0 for another token.
    package var standardNumber: Int {
        switch token {
        case .standard(let number): Int(number)
        case .other: 0
        }
    }

    /// Two methods are equal when their tokens are: a standard one is only ever kept as its
    /// number, so numbers decide unless both are other tokens.
    package static func == (a: HTTPMethod, b: HTTPMethod) -> Bool {
        switch (a.token, b.token) {
        case (.standard(let x), .standard(let y)): x == y
        case (.other(let x), .other(let y)): x == y
        default: false
        }
    }

    /// The standard methods' tokens by number (1 to 9).
    private static func standardName(_ number: UInt8) -> String {
        switch number {
        case 1: "GET"
        case 2: "HEAD"
        case 3: "POST"
        case 4: "PUT"
        case 5: "DELETE"
        case 6: "CONNECT"
        case 7: "OPTIONS"
        case 8: "TRACE"
        default: "PATCH"
        }
    }

    /// The number of the standard method spelled `token` (case-sensitive), 0 for another token.
    private static func number(spelledBy token: String) -> UInt8 {
        // The length picks the one or two names compared.
        switch token.utf8.count {
        case 3: token == "GET" ? 1 : token == "PUT" ? 4 : 0
        case 4: token == "HEAD" ? 2 : token == "POST" ? 3 : 0
        case 5: token == "TRACE" ? 8 : token == "PATCH" ? 9 : 0
        case 6: token == "DELETE" ? 5 : 0
        case 7: token == "CONNECT" ? 6 : token == "OPTIONS" ? 7 : 0
        default: 0
        }
    }

    package static var get: HTTPMethod { HTTPMethod(standard: 1) }
    package static var head: HTTPMethod { HTTPMethod(standard: 2) }
    package static var post: HTTPMethod { HTTPMethod(standard: 3) }
    package static var put: HTTPMethod { HTTPMethod(standard: 4) }
    package static var delete: HTTPMethod { HTTPMethod(standard: 5) }
    package static var options: HTTPMethod { HTTPMethod(standard: 7) }
    package static var patch: HTTPMethod { HTTPMethod(standard: 9) }
}
