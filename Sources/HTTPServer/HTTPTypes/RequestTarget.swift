/// A request-target split once into the path (up to `?`, not percent-decoded; the path of an
/// absolute-form target) and the query (the raw text after the first `?`).
struct RequestTarget: Sendable {
    /// The target as received.
    var target: String
    var path: String
    var query: String?

    /// The target of a request line, split on its bytes. In origin-form (`/a?b`, the usual
    /// case) each part is decoded once and a target without a query is its own path.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.first == UInt8(ascii: "/") else {
            self = RequestTarget(String(decoding: bytes, as: UTF8.self))
            return
        }
        let whole = String(decoding: bytes, as: UTF8.self)
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
            self = RequestTarget(target: whole, path: whole, query: nil)
            return
        }
        self = RequestTarget(
            target: whole,
            path: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<mark]), as: UTF8.self),
            query: String(decoding: UnsafeBufferPointer(rebasing: bytes[(mark + 1)...]), as: UTF8.self)
        )
    }

    init(target: String, path: String, query: String?) {
        self.target = target
        self.path = path
        self.query = query
    }

    /// `target` split: origin-form on its UTF-8 bytes, absolute-form (`http://host/p?q`)
    /// reduced to its path and query; any other form is its own path.
    init(_ target: String) {
        self.target = target
        if target.utf8.first == UInt8(ascii: "/") {  // origin-form, the usual case (HTTP/2's `:path`)
            // Split on the contiguous UTF-8 with a byte loop, not by walking `String.UTF8View`'s
            // indices; a target without a query is its own path.
            var bytes = target
            let parts = bytes.withUTF8 { bytes -> (path: String, query: String)? in
                guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
                return (
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[..<mark]), as: UTF8.self),
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[(mark + 1)...]), as: UTF8.self)
                )
            }
            path = parts?.path ?? target
            query = parts?.query
            return
        }
        // Absolute-form, reduced to its path and query; any other form is its own path.
        var rest = Substring(target)
        for scheme in ["http://", "https://"] where !rest.hasPrefix("/") && rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            rest = rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { rest[$0...] } ?? ""
            if !rest.hasPrefix("/") { rest = "/" + rest }
        }
        guard let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            path = String(rest)
            query = nil
            return
        }
        path = String(rest[..<mark])
        query = String(rest[rest.utf8.index(after: mark)...])
    }
}
