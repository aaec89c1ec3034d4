/// An HTTP request method (RFC 9110 §9): any token; the common ones have names.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method exactly as received, case-sensitive (`GET` and `get` differ, RFC 9110 §9.1).
    public var rawValue: String

    public init(rawValue: String) {
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

    public var description: String { rawValue }

    // Made in place from literals (small strings: a few stores), not stored statics reached
    // through `swift_once` and copied at each comparison (see `HTTPFieldName`'s names).
    public static var get: HTTPMethod { HTTPMethod(rawValue: "GET") }
    public static var head: HTTPMethod { HTTPMethod(rawValue: "HEAD") }
    public static var post: HTTPMethod { HTTPMethod(rawValue: "POST") }
    public static var put: HTTPMethod { HTTPMethod(rawValue: "PUT") }
    public static var delete: HTTPMethod { HTTPMethod(rawValue: "DELETE") }
    public static var options: HTTPMethod { HTTPMethod(rawValue: "OPTIONS") }
    public static var patch: HTTPMethod { HTTPMethod(rawValue: "PATCH") }
}
