import HTTPServer

/// What a JSON request body must be before a handler reads it (API.md §7): `application/json`,
/// any `+json` type, no Content-Type, or curl's default form type carrying JSON; anything else
/// is 415. Content codings other than identity are 415 too (gzip bodies are inflated by the
/// server before they reach here).
enum JSONBody {
    static func check(_ request: HTTPRequest) throws(APIError) {
        if let encoding = request.headers[.contentEncoding]?.trimmingSpaces.lowercased(), !encoding.isEmpty,
            encoding != "identity"
        {
            throw APIError(
                .unsupportedMediaType,
                "Content-Encoding \"\(encoding)\" is not supported; send the body uncompressed or gzip.")
        }
        guard let contentType = request.headers[.contentType] else { return }
        if contentType == "application/json" { return }  // what nearly every client sends: no parsing
        let mediaType = Self.mediaType(of: contentType).trimmingSpaces.lowercased()
        if mediaType == "application/json" || mediaType.hasSuffix("+json")
            || mediaType == "application/x-www-form-urlencoded" || mediaType.isEmpty
        {
            if contentType.utf8.contains(UInt8(ascii: ";")), let charset = Self.charset(of: contentType),
                charset != "utf-8", charset != "utf8"
            {
                throw APIError(
                    .unsupportedMediaType,
                    "charset \"\(charset)\" is not supported; send the body as UTF-8 (charset=utf-8 or none).")
            }
            return
        }
        throw APIError(.unsupportedMediaType, "Content-Type \"\(mediaType)\" is not JSON; send application/json.")
    }

    /// The value of a Content-Type's `charset` parameter, lowercased and unquoted; `nil`
    /// when there is none.
    static func charset(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "charset" else { continue }
            var value = pair[1].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.lowercased()
        }
        return nil
    }

    /// The part of a Content-Type value before its parameters: what
    /// `split(separator: ";", maxSplits: 1).first` gives (empty pieces before it skipped), found
    /// on the bytes when the value is ASCII (every byte then is one Character), as a
    /// Character-wise split would cost most of this check.
    static func mediaType(of contentType: String) -> Substring {
        let utf8 = contentType.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return contentType.split(separator: ";", maxSplits: 1).first ?? ""
        }
        guard let start = utf8.firstIndex(where: { $0 != UInt8(ascii: ";") }) else { return "" }
        let end = utf8[start...].firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
        return contentType[start..<end]
    }

    /// A JSON response with the given status. Every one carries the same `headers` value, one
    /// field array shared by all, which the server's content coder recognises as the headers it
    /// decided `Vary` and compressibility for last (`HTTPContentCoder.encode`), rather than
    /// deciding again for a new array of the same field.
    static func response(_ bytes: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: bytes)
    }

    /// `Content-Type: application/json`, the headers of every JSON response.
    static let headers: HTTPHeaders = [.contentType: "application/json"]
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace), as a String.
    var trimmingSpaces: String {
        var view = self[...]
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
