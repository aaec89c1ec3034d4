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
            if case .length(let count) = head.framing, count > 0 { _ = admitLengthBody(count: count) }
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

    /// The head of the lines scanned so far. Its bytes are copied once out of the read buffer
    /// (which is reused for the next request): every received value is a slice of that copy,
    /// decoded only if someone asks for it, and the facts the connection needs are read from
    /// the bytes while the fields are made.
    private func makeHead(byteCount: Int) throws(HTTPParserError) -> HTTPRequestHead {
        let storage = Array(buffer[readIndex..<readIndex + byteCount])
        let lines = self.lines
        let limits = self.limits
        return try storage.withUnsafeBufferPointer { (bytes) throws(HTTPParserError) -> HTTPRequestHead in
            try Self.makeHead(storage: storage, bytes: bytes, lines: lines, limits: limits)
        }
    }

    /// The head whose `lines` (relative to the head's first byte) are in `storage`, read through `bytes`.
    private static func makeHead(
        storage: [UInt8], bytes: UnsafeBufferPointer<UInt8>, lines: [Range<Int>],
        limits: HTTPServerConfiguration.Limits
    ) throws(HTTPParserError) -> HTTPRequestHead {
        let (method, targetRange, version) = try parseRequestLine(bytes[lines[0]])
        var facts = HTTPRequestHead.Facts()
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            let (nameRange, valueRange) = try fieldRanges(bytes[line])
            let name = HTTPFieldName(validTokenBytes: UnsafeBufferPointer(rebasing: bytes[nameRange]))
            facts.note(name, UnsafeBufferPointer(rebasing: bytes[valueRange]), at: fields.count)
            fields.append(HTTPHeaders.Field(name: name, bytes: storage[valueRange]))
        }
        if version == .http11 {
            if facts.hosts == 0 { throw HTTPParserError(.missingHost, "An HTTP/1.1 request needs a Host header.") }
            if facts.hosts > 1 { throw HTTPParserError(.multipleHosts, "The request has more than one Host header.") }
        }
        let framing = facts.isFramed ? try Self.framing(of: fields, version: version, limits: limits) : .none
        let target = RequestTarget(UnsafeBufferPointer(rebasing: bytes[targetRange]))
        return HTTPRequestHead(
            method: method, target: target, version: version, headers: HTTPHeaders(received: fields),
            framing: framing, byteCount: bytes.count, facts: facts
        )
    }

    /// What can be read of the head being scanned (or refused) when a request is refused before
    /// its head was accepted (its Content-Length over the limit, a head too large, a head not
    /// received in time): the request line and the well-formed fields of the complete lines so
    /// far, with no framing and no checks of the head as a whole. Nil once the head was
    /// returned (the body is being read) or when no valid request line was received. For the
    /// refusal's record and request ID only: the request is never handed on.
    func salvagedHead() -> HTTPRequestHead? {
        guard !isReadingBody, let last = lines.last, readIndex + last.upperBound + 2 <= buffer.count
        else { return nil }
        let storage = Array(buffer[readIndex..<readIndex + last.upperBound + 2])
        let lines = self.lines
        return storage.withUnsafeBufferPointer { bytes -> HTTPRequestHead? in
            guard let (method, targetRange, version) = try? Self.parseRequestLine(bytes[lines[0]]) else { return nil }
            var facts = HTTPRequestHead.Facts()
            var fields: [HTTPHeaders.Field] = []
            for line in lines.dropFirst() {
                guard let (nameRange, valueRange) = try? Self.fieldRanges(bytes[line]) else { break }
                let name = HTTPFieldName(validTokenBytes: UnsafeBufferPointer(rebasing: bytes[nameRange]))
                facts.note(name, UnsafeBufferPointer(rebasing: bytes[valueRange]), at: fields.count)
                fields.append(HTTPHeaders.Field(name: name, bytes: storage[valueRange]))
            }
            let target = RequestTarget(UnsafeBufferPointer(rebasing: bytes[targetRange]))
            return HTTPRequestHead(
                method: method, target: target, version: version, headers: HTTPHeaders(received: fields),
                framing: .none, byteCount: bytes.count, facts: facts
            )
        }
    }

    /// `method SP request-target SP HTTP-version`, single spaces, nothing else; the target's range.
    private static func parseRequestLine(
        _ line: Slice<UnsafeBufferPointer<UInt8>>
    ) throws(HTTPParserError) -> (HTTPMethod, Range<Int>, HTTPVersion) {
        var invalid: HTTPParserError {
            HTTPParserError(.invalidRequestLine, "The request line is not `METHOD target HTTP/1.1`.")
        }
        let bytes = line.base
        let end = line.endIndex
        var firstSpace = line.startIndex
        while firstSpace < end, bytes[firstSpace] != ASCII.space { firstSpace += 1 }
        var secondSpace = firstSpace + 1
        while secondSpace < end, bytes[secondSpace] != ASCII.space { secondSpace += 1 }
        guard secondSpace < end else { throw invalid }
        let method = line.startIndex..<firstSpace
        let target = (firstSpace + 1)..<secondSpace
        let version = line[(secondSpace + 1)...]
        guard !method.isEmpty, !target.isEmpty, !version.contains(ASCII.space) else { throw invalid }
        guard method.allSatisfy({ ASCII.isTokenCharacter(bytes[$0]) }) else {
            throw HTTPParserError(.invalidMethod, "The method is not a token.")
        }
        guard target.allSatisfy({ ASCII.isVisible(bytes[$0]) }) else {
            throw HTTPParserError(.invalidTarget, "The request target holds a control or non-ASCII byte.")
        }
        return (HTTPMethod(tokenBytes: UnsafeBufferPointer(rebasing: bytes[method])), target, try parseVersion(version))
    }

    /// `HTTP/1.0` and `HTTP/1.x` (served as 1.1) are spoken; another major version is 505.
    private static func parseVersion(_ text: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParserError) -> HTTPVersion {
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

    /// `field-name ":" OWS field-value OWS` (also used for chunked trailers), checked: the
    /// ranges of the name and of the value (OWS trimmed) in the line's buffer. Plain index loops
    /// over the buffer: this runs for every field of every request.
    static func fieldRanges(
        _ line: Slice<UnsafeBufferPointer<UInt8>>
    ) throws(HTTPParserError) -> (name: Range<Int>, value: Range<Int>) {
        let bytes = line.base
        let start = line.startIndex
        let end = line.endIndex
        guard start < end, !ASCII.isWhitespace(bytes[start]) else {
            throw HTTPParserError(.obsoleteLineFolding, "A header line starts with whitespace (obsolete folding).")
        }
        var colon = start
        var isToken = true
        while colon < end, bytes[colon] != ASCII.colon {
            if !ASCII.isTokenCharacter(bytes[colon]) { isToken = false }
            colon += 1
        }
        guard colon < end else {
            throw HTTPParserError(.invalidHeaderName, "A header line has no colon.")
        }
        if colon > start, ASCII.isWhitespace(bytes[colon - 1]) {
            throw HTTPParserError(.whitespaceBeforeColon, "A header name is followed by whitespace before the colon.")
        }
        guard colon > start, isToken else {
            throw HTTPParserError(.invalidHeaderName, "A header name is empty or not a token.")
        }
        var valueStart = colon + 1
        var valueEnd = end
        while valueStart < valueEnd, ASCII.isWhitespace(bytes[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart, ASCII.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        var sawCR = false
        var sawControl = false
        if !ASCII.areFieldValueCharacters(UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])) {
            for index in valueStart..<valueEnd where !ASCII.isFieldValueCharacter(bytes[index]) {
                if bytes[index] == ASCII.cr { sawCR = true } else { sawControl = true }
            }
        }
        if sawCR { throw HTTPParserError(.bareCarriageReturn, "A header value holds a bare CR.") }
        if sawControl { throw HTTPParserError(.invalidHeaderValue, "A header value holds a control character.") }
        return (start..<colon, valueStart..<valueEnd)
    }
}
