/// An HTTP request method (RFC 9110 §9): any token; the common ones have names.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method exactly as received, case-sensitive (`GET` and `get` differ, RFC 9110 §9.1).
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The method spelled by `bytes` (a token the parser checked): the common ones without
    /// decoding a new string.
    init(tokenBytes bytes: ArraySlice<UInt8>) {
        if bytes.elementsEqual(Self.getBytes) {
            self = .get
        } else if bytes.elementsEqual(Self.postBytes) {
            self = .post
        } else if bytes.elementsEqual(Self.headBytes) {
            self = .head
        } else {
            self.init(rawValue: String(decoding: bytes, as: UTF8.self))
        }
    }

    private static let getBytes = Array("GET".utf8)
    private static let postBytes = Array("POST".utf8)
    private static let headBytes = Array("HEAD".utf8)

    public var description: String { rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let patch = HTTPMethod(rawValue: "PATCH")
}
