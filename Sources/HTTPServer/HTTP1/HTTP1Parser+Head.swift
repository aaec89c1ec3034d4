extension HTTP1Parser {
    /// Scans for the end of the head (CRLF CRLF), line by line; nil when more bytes are needed.
    mutating func parseHead() throws(HTTPParserError) -> HTTPRequestHead? {
        while let lineFeed = indexOfLineFeed(from: readIndex + scanOffset) {
            let end = lineFeed - readIndex  // relative index of the LF
            scanOffset = end + 1
            if end + 1 > limits.maxHeaderBytes { throw tooLarge() }
            guard end > lineStart, buffer[lineFeed - 1] == ASCII.cr else {
                throw HTTPParserError(.bareLineFeed, "A line of the request head ends in LF without CR.")
            }
            if end - 1 > lineStart {
                lines.append(lineStart..<end - 1)
                lineStart = end + 1
                continue
            }
            if lines.isEmpty {  // an empty line before the request line: ignored (RFC 9112 §2.2)
                consume(2)
                scanOffset = 0
                lineStart = 0
                continue
            }
            let head = try makeHead(byteCount: end + 1)
            consume(end + 1)
            scanOffset = 0
            lineStart = 0
            lines.removeAll(keepingCapacity: true)
            state = bodyState(for: head.framing)
            if case .length(let count) = head.framing, count > 0 { body = Self.unfilledBody(count: count) }
            return head
        }
        scanOffset = bufferedByteCount
        if bufferedByteCount > limits.maxHeaderBytes { throw tooLarge() }
        return nil
    }

    private func tooLarge() -> HTTPParserError {
        HTTPParserError(.headersTooLarge, "The request head exceeds \(limits.maxHeaderBytes) bytes.")
    }

    private func bodyState(for framing: HTTPRequestHead.Framing) -> State {
        switch framing {
        case .none, .length(0): .complete
        case .length(let count): .lengthBody(remaining: count)
        case .chunked: .chunkSize
        }
    }

    private func makeHead(byteCount: Int) throws(HTTPParserError) -> HTTPRequestHead {
        let requestLine = absolute(lines[0])
        let (method, target, version) = try parseRequestLine(buffer[requestLine])
        var headers = HTTPHeaders()
        headers.reserveCapacity(lines.count - 1)
        var hosts = 0
        var framed = false
        for line in lines.dropFirst() {
            let (name, value) = try Self.parseField(buffer[absolute(line)])
            switch name {
            case .host: hosts += 1
            case .contentLength, .transferEncoding: framed = true
            default: break
            }
            headers.add(name, value)
        }
        if version == .http11 {
            if hosts == 0 { throw HTTPParserError(.missingHost, "An HTTP/1.1 request needs a Host header.") }
            if hosts > 1 { throw HTTPParserError(.multipleHosts, "The request has more than one Host header.") }
        }
        let framing = framed ? try Self.framing(of: headers, version: version, limits: limits) : .none
        return HTTPRequestHead(
            method: method, target: target, version: version, headers: headers, framing: framing,
            byteCount: byteCount
        )
    }

    private func absolute(_ range: Range<Int>) -> Range<Int> {
        readIndex + range.lowerBound..<readIndex + range.upperBound
    }

    /// `method SP request-target SP HTTP-version`, single spaces, nothing else.
    private func parseRequestLine(
        _ line: ArraySlice<UInt8>
    ) throws(HTTPParserError) -> (HTTPMethod, String, HTTPVersion) {
        var invalid: HTTPParserError {
            HTTPParserError(.invalidRequestLine, "The request line is not `METHOD target HTTP/1.1`.")
        }
        guard let firstSpace = line.firstIndex(of: ASCII.space),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: ASCII.space)
        else { throw invalid }
        let method = line[line.startIndex..<firstSpace]
        let target = line[(firstSpace + 1)..<secondSpace]
        let version = line[(secondSpace + 1)...]
        guard !method.isEmpty, !target.isEmpty, !version.contains(ASCII.space) else { throw invalid }
        guard ASCII.isToken(method) else {
            throw HTTPParserError(.invalidMethod, "The method is not a token.")
        }
        guard target.allSatisfy(ASCII.isVisible) else {
            throw HTTPParserError(.invalidTarget, "The request target holds a control or non-ASCII byte.")
        }
        return (
            HTTPMethod(tokenBytes: method),
            String(decoding: target, as: UTF8.self),
            try Self.parseVersion(version)
        )
    }

    /// `HTTP/1.0` and `HTTP/1.x` (served as 1.1) are spoken; another major version is 505.
    private static func parseVersion(_ text: ArraySlice<UInt8>) throws(HTTPParserError) -> HTTPVersion {
        let start = text.startIndex
        guard text.count == 8, text[start] == UInt8(ascii: "H"), text[start + 1] == UInt8(ascii: "T"),
            text[start + 2] == UInt8(ascii: "T"), text[start + 3] == UInt8(ascii: "P"),
            text[start + 4] == UInt8(ascii: "/"), text[start + 6] == UInt8(ascii: "."),
            (48...57).contains(text[start + 5]), (48...57).contains(text[start + 7])
        else { throw HTTPParserError(.invalidVersion, "The HTTP version is malformed.") }
        guard text[start + 5] == UInt8(ascii: "1") else {
            throw HTTPParserError(.unsupportedVersion, "Only HTTP/1.0 and HTTP/1.1 are spoken here.")
        }
        return text[start + 7] == UInt8(ascii: "0") ? .http10 : .http11
    }

    /// `field-name ":" OWS field-value OWS` (also used for chunked trailers).
    static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParserError) -> (HTTPFieldName, String) {
        guard let first = line.first, !ASCII.isWhitespace(first) else {
            throw HTTPParserError(.obsoleteLineFolding, "A header line starts with whitespace (obsolete folding).")
        }
        guard let colon = line.firstIndex(of: ASCII.colon) else {
            throw HTTPParserError(.invalidHeaderName, "A header line has no colon.")
        }
        let name = line[line.startIndex..<colon]
        if let last = name.last, ASCII.isWhitespace(last) {
            throw HTTPParserError(.whitespaceBeforeColon, "A header name is followed by whitespace before the colon.")
        }
        guard ASCII.isToken(name) else {
            throw HTTPParserError(.invalidHeaderName, "A header name is empty or not a token.")
        }
        var start = colon + 1
        var end = line.endIndex
        while start < end, ASCII.isWhitespace(line[start]) { start += 1 }
        while end > start, ASCII.isWhitespace(line[end - 1]) { end -= 1 }
        let value = line[start..<end]
        var sawCR = false
        var sawControl = false
        for byte in value where !ASCII.isFieldValueCharacter(byte) {
            if byte == ASCII.cr { sawCR = true } else { sawControl = true }
        }
        if sawCR { throw HTTPParserError(.bareCarriageReturn, "A header value holds a bare CR.") }
        if sawControl { throw HTTPParserError(.invalidHeaderValue, "A header value holds a control character.") }
        return (HTTPFieldName(validTokenBytes: name), String(decoding: value, as: UTF8.self))
    }
}
