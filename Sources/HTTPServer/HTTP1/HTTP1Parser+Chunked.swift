extension HTTP1Parser {
    /// Advances through chunked framing (RFC 9112 §7.1); true once the trailer section ended.
    mutating func parseChunked() throws(HTTPParserError) -> Bool {
        while true {
            switch state {
            case .chunkSize:
                guard let line = try nextLine(limit: Self.maxChunkLineBytes, what: "chunk size line") else {
                    return false
                }
                let size = try chunkSize(buffer[line])
                consume(line.count + 2)
                if size == 0 {
                    state = .trailers(byteCount: 0)
                } else {
                    guard size <= limits.maxBodyBytes - body.count else {
                        throw HTTPParserError(.bodyTooLarge, "The body exceeds \(limits.maxBodyBytes) bytes.")
                    }
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let take = min(remaining, bufferedByteCount)
                guard take > 0, chargeChunkedBody(upTo: body.count + take) else { return false }
                body.append(contentsOf: buffer[readIndex..<readIndex + take])
                consume(take)
                state = take == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - take)
            case .chunkDataEnd:
                let available = bufferedByteCount
                let crOK = available < 1 || buffer[readIndex] == ASCII.cr
                let lfOK = available < 2 || buffer[readIndex + 1] == ASCII.lf
                guard crOK, lfOK else {
                    throw HTTPParserError(.missingChunkTerminator, "Chunk data is not followed by CRLF.")
                }
                guard available >= 2 else { return false }
                consume(2)
                state = .chunkSize
            case .trailers(let byteCount):
                let room = limits.maxHeaderBytes - byteCount
                guard let line = try nextLine(limit: room, what: "trailer section") else { return false }
                consume(line.count + 2)
                if line.isEmpty {
                    state = .complete
                    return true
                }
                try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParserError) in
                    _ = try Self.fieldRanges(bytes[line])  // validated, then discarded
                }
                state = .trailers(byteCount: byteCount + line.count + 2)
            default:
                return true
            }
        }
    }

    /// The next CRLF-terminated line at `readIndex` (CRLF excluded), or nil when incomplete.
    private func nextLine(limit: Int, what: String) throws(HTTPParserError) -> Range<Int>? {
        guard let lineFeed = indexOfLineFeed(from: readIndex) else {
            if bufferedByteCount > limit { throw lineTooLong(what, limit: limit) }
            return nil
        }
        if lineFeed - readIndex + 1 > limit { throw lineTooLong(what, limit: limit) }
        guard lineFeed > readIndex, buffer[lineFeed - 1] == ASCII.cr else {
            throw HTTPParserError(.bareLineFeed, "A line of the chunked body ends in LF without CR.")
        }
        return readIndex..<lineFeed - 1
    }

    private func lineTooLong(_ what: String, limit: Int) -> HTTPParserError {
        if case .trailers = state {
            return HTTPParserError(.headersTooLarge, "The \(what) exceeds \(limits.maxHeaderBytes) bytes.")
        }
        return HTTPParserError(.invalidChunkExtension, "The \(what) exceeds \(limit) bytes.")
    }

    /// `1*HEXDIG *( BWS ";" BWS ext-name [ BWS "=" BWS ext-val ] )`; extensions are ignored.
    private func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParserError) -> Int {
        var size = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = ASCII.hexValue(line[index]) {
            let (shifted, overflow) = size.multipliedReportingOverflow(by: 16)
            guard !overflow else {
                throw HTTPParserError(.invalidChunkSize, "The chunk size overflows.")
            }
            size = shifted + digit
            index += 1
        }
        guard index > line.startIndex else {
            throw HTTPParserError(.invalidChunkSize, "The chunk size is not hexadecimal.")
        }
        var rest = line[index...]
        while let byte = rest.first, ASCII.isWhitespace(byte) { rest = rest.dropFirst() }
        guard let first = rest.first else { return size }
        guard first == UInt8(ascii: ";") else {
            throw HTTPParserError(.invalidChunkSize, "The chunk size is followed by garbage.")
        }
        guard rest.allSatisfy(ASCII.isFieldValueCharacter) else {
            throw HTTPParserError(.invalidChunkExtension, "A chunk extension holds a control character.")
        }
        return size
    }
}
