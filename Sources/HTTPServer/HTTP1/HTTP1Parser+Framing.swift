extension HTTP1Parser {
    /// The body framing (RFC 9112 §6), refusing every ambiguous shape a proxy could read otherwise.
    static func framing(
        of headers: HTTPHeaders, version: HTTPVersion, limits: HTTPServerConfiguration.Limits
    ) throws(HTTPParserError) -> HTTPRequestHead.Framing {
        let encodings = headers.values(.transferEncoding)
        let lengths = headers.values(.contentLength)
        if !encodings.isEmpty {
            guard lengths.isEmpty else {
                throw HTTPParserError(
                    .contentLengthWithTransferEncoding, "The request has both Content-Length and Transfer-Encoding."
                )
            }
            guard version == .http11 else {
                throw HTTPParserError(.transferEncodingInHTTP10, "Transfer-Encoding is not defined in HTTP/1.0.")
            }
            return try chunked(encodings)
        }
        guard !lengths.isEmpty else { return .none }
        let length = try contentLength(lengths)
        guard length <= limits.maxBodyBytes else {
            throw HTTPParserError(.bodyTooLarge, "The body exceeds \(limits.maxBodyBytes) bytes.")
        }
        return .length(length)
    }

    /// Only `chunked`, once, is understood; any other coding is 501.
    private static func chunked(_ values: [String]) throws(HTTPParserError) -> HTTPRequestHead.Framing {
        var codings: [Substring] = []
        for value in values {
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                codings.append(item.trimmingWhitespace())
            }
        }
        if codings.contains(where: \.isEmpty) {
            throw HTTPParserError(.invalidTransferEncoding, "Transfer-Encoding has an empty coding.")
        }
        let others = codings.filter { $0.lowercased() != "chunked" }
        guard others.isEmpty else {
            throw HTTPParserError(
                .unsupportedTransferEncoding, "Transfer-Encoding \(others.joined(separator: ", ")) is not supported."
            )
        }
        guard codings.count == 1 else {
            throw HTTPParserError(.invalidTransferEncoding, "chunked is applied more than once.")
        }
        return .chunked
    }

    /// One or more Content-Length values (fields or list items): all equal digits.
    private static func contentLength(_ values: [String]) throws(HTTPParserError) -> Int {
        var length: Int?
        for value in values {
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = item.trimmingWhitespace().utf8
                guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else {
                    throw HTTPParserError(.invalidContentLength, "Content-Length is not a decimal number.")
                }
                var parsed = 0
                for digit in digits {
                    let (times, overflowA) = parsed.multipliedReportingOverflow(by: 10)
                    let (sum, overflowB) = times.addingReportingOverflow(Int(digit - 48))
                    if overflowA || overflowB {
                        throw HTTPParserError(.bodyTooLarge, "Content-Length is beyond any body limit.")
                    }
                    parsed = sum
                }
                if let length, length != parsed {
                    throw HTTPParserError(.conflictingContentLength, "Content-Length values differ.")
                }
                length = parsed
            }
        }
        return length ?? 0
    }
}
