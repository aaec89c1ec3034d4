/// An HTTP request method (RFC 9110 §9): any token; the common ones have names.
package struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method exactly as received, case-sensitive (`GET` and `get` differ, RFC 9110 §9.1).
    package var rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
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

    // Made in place from literals (small strings: a few stores), not stored statics reached
    // through `swift_once` and copied at each comparison (see `HTTPFieldName`'s names).
    package static var get: HTTPMethod { HTTPMethod(rawValue: "GET") }
    package static var head: HTTPMethod { HTTPMethod(rawValue: "HEAD") }
    package static var post: HTTPMethod { HTTPMethod(rawValue: "POST") }
    package static var put: HTTPMethod { HTTPMethod(rawValue: "PUT") }
    package static var delete: HTTPMethod { HTTPMethod(rawValue: "DELETE") }
    package static var options: HTTPMethod { HTTPMethod(rawValue: "OPTIONS") }
    package static var patch: HTTPMethod { HTTPMethod(rawValue: "PATCH") }
}
