extension HTTP1Parser {
    /// The body framing (RFC 9112 §6), refusing every ambiguous shape a proxy could read otherwise.
    /// Read on the values' bytes; a String is made only for an error's detail.
    static func framing(
        of fields: [HTTPHeaders.Field], version: HTTPVersion, limits: HTTPServerConfiguration.Limits
    ) throws(HTTPParserError) -> HTTPRequestHead.Framing {
        let hasEncodings = fields.contains { $0.name == .transferEncoding }
        let hasLengths = fields.contains { $0.name == .contentLength }
        if hasEncodings {
            guard !hasLengths else {
                throw HTTPParserError(
                    .contentLengthWithTransferEncoding, "The request has both Content-Length and Transfer-Encoding."
                )
            }
            guard version == .http11 else {
                throw HTTPParserError(.transferEncodingInHTTP10, "Transfer-Encoding is not defined in HTTP/1.0.")
            }
            return try chunked(fields)
        }
        guard hasLengths else { return .none }
        let length = try contentLength(fields)
        guard length <= limits.maxBodyBytes else {
            throw HTTPParserError(.bodyTooLarge, "The body exceeds \(limits.maxBodyBytes) bytes.")
        }
        return .length(length)
    }

    /// Calls `body` with each item of every `name` field's list, OWS trimmed, empty ones
    /// included, in order, until `body` returns false.
    private static func forEachItem(
        of name: HTTPFieldName, in fields: [HTTPHeaders.Field],
        _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool
    ) {
        var going = true
        for field in fields where going && field.name == name {
            field.withValueBytes { value in
                ASCII.forEachListItem(value) { item in
                    going = body(item)
                    return going
                }
            }
        }
    }

    /// Only `chunked` (ASCII case-insensitive), once, is understood; any other coding is 501.
    private static func chunked(_ fields: [HTTPHeaders.Field]) throws(HTTPParserError) -> HTTPRequestHead.Framing {
        var count = 0
        var hasEmpty = false
        var hasOther = false
        forEachItem(of: .transferEncoding, in: fields) { coding in
            count += 1
            if coding.isEmpty {
                hasEmpty = true
            } else if !ASCII.equalsIgnoringCase(coding, "chunked") {
                hasOther = true
            }
            return true
        }
        if hasEmpty {
            throw HTTPParserError(.invalidTransferEncoding, "Transfer-Encoding has an empty coding.")
        }
        if hasOther {
            var others: [String] = []
            forEachItem(of: .transferEncoding, in: fields) { coding in
                if !ASCII.equalsIgnoringCase(coding, "chunked") {
                    others.append(String(decoding: coding, as: UTF8.self))
                }
                return true
            }
            throw HTTPParserError(
                .unsupportedTransferEncoding, "Transfer-Encoding \(others.joined(separator: ", ")) is not supported."
            )
        }
        guard count == 1 else {
            throw HTTPParserError(.invalidTransferEncoding, "chunked is applied more than once.")
        }
        return .chunked
    }

    /// One or more Content-Length values (fields or list items): all equal digits.
    private static func contentLength(_ fields: [HTTPHeaders.Field]) throws(HTTPParserError) -> Int {
        var length: Int?
        var failure: HTTPParserError?
        forEachItem(of: .contentLength, in: fields) { digits in
            guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else {
                failure = HTTPParserError(.invalidContentLength, "Content-Length is not a decimal number.")
                return false
            }
            var parsed = 0
            for digit in digits {
                let (times, overflowA) = parsed.multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = times.addingReportingOverflow(Int(digit - 48))
                if overflowA || overflowB {
                    failure = HTTPParserError(.bodyTooLarge, "Content-Length is beyond any body limit.")
                    return false
                }
                parsed = sum
            }
            if let length, length != parsed {
                failure = HTTPParserError(.conflictingContentLength, "Content-Length values differ.")
                return false
            }
            length = parsed
            return true
        }
        if let failure { throw failure }
        return length ?? 0
    }
}
