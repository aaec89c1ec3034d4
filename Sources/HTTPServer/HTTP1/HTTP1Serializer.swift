/// Writes responses as HTTP/1.1 bytes: status line, the handler's headers, then `Server`,
/// `Date` (cached per second), `Content-Length` and `Connection`, which the server owns.
/// The fixed parts are bytes made once: status lines, the `Server` line, the connection
/// lines; the length is written as digits, with no String in between.
struct HTTP1Serializer: Sendable {
    /// The interim response sent before reading a body announced with `Expect: 100-continue`.
    static let continueBytes: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Header names the handler may not set: the serializer writes them itself.

    private static let datePrefix = Array("Date: ".utf8)
    private static let separator = Array(": ".utf8)
    private static let crlf: [UInt8] = [ASCII.cr, ASCII.lf]

    /// The status line of every registered code (100–599) with its standard reason, and that
    /// reason (in two tables: a lookup copies out only what it reads, not a tuple of both).
    private static let statusLines: [[UInt8]] = (100...599).map { code in
        guard let reason = HTTPStatus.registeredReason(for: code) else { return [] }
        var line = Array("HTTP/1.1 ".utf8)
        appendDigits(of: code, to: &line)
        line.append(ASCII.space)
        line.append(contentsOf: reason.utf8)
        line.append(contentsOf: crlf)
        return line
    }
    private static let statusReasons: [String?] = (100...599).map { HTTPStatus.registeredReason(for: $0) }

    private let serverLine: [UInt8]
    private var dates = HTTPDateCache()
    /// `Server` and `Date` lines, CRLFs included, made once per second (`refreshServerLines`):
    /// one append per response for both.
    private var serverLines: [UInt8] = []
    /// The `dates` value `serverLines` was made with (its second since the epoch).
    private var serverLinesSecond = -1
    /// The last response's head up to its fields, and what it was made from.
    private var prefix = HeadPrefix()

    init(serverName: String) {
        let safeName = serverName.utf8.filter(ASCII.isFieldValueCharacter)
        serverLine = Array("Server: ".utf8) + safeName + [ASCII.cr, ASCII.lf]
    }

    /// Remakes `serverLines` when the second changed.
    private mutating func refreshServerLines() {
        let second = dates.refresh()
        guard second != serverLinesSecond else { return }
        serverLinesSecond = second
        serverLines = serverLine + Self.datePrefix + dates.bytes + Self.crlf
    }

    /// Appends the UTF-8 of `text` in one copy of its contiguous storage (a native string's, or a
    /// small string's on the stack), not byte by byte through `String.UTF8View`'s iterator.
    static func append(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    /// Whether the response to a request carries its body: not for HEAD, 1xx, 204 or 304.
    static func sendsBody(_ status: HTTPStatus, isHeadRequest: Bool) -> Bool {
        !isHeadRequest && status.code >= 200 && status.code != 204 && status.code != 304
    }

    /// Replaces `buffer`'s contents with the status line and headers of `response`.
    /// `Content-Length` is the body's length, HEAD included (RFC 9110 §9.3.2).
    /// With `requestID`, the handler's `X-Request-Id` fields give way to one carrying it, after
    /// the handler's headers (the server's request ID, which the connection keeps beside the response).
    mutating func writeHead(
        _ response: HTTPResponse, requestID: String? = nil, closeConnection: Bool, into buffer: inout [UInt8]
    ) {
        writeHead(response, id: requestID.map(RequestContext.ID.init), closeConnection: closeConnection, into: &buffer)
    }

    /// `writeHead(_:requestID:closeConnection:into:)` with the ID unformatted: its digits are
    /// written straight into `buffer`.
    ///
    /// A response whose fields share their storage with the previous response's (a static
    /// answer, the content coder's shared headers), with the same status and the same choice
    /// about `X-Request-Id`, gets its head up to the fields from `prefix`, made the second time
    /// such a response is written and again when the second (its `Date`) changes; only the
    /// request ID, `Content-Length` and `Connection` are written per response. The bytes are
    /// those the field-by-field path writes.
    mutating func writeHead(
        _ response: HTTPResponse, id requestID: RequestContext.ID?, closeConnection: Bool, into buffer: inout [UInt8]
    ) {
        refreshServerLines()
        let code = response.status.code
        let writesLength = code >= 200 && code != 204
        let isRepeated = prefix.describes(response, dropsRequestID: requestID != nil)
        var bound = Self.keepAliveTailText.utf8CodeUnitCount  // the longer tail
        if let requestID { bound += Self.requestIDPrefixText.utf8CodeUnitCount + requestID.byteCountBound + 2 }
        if writesLength { bound += Self.contentLengthPrefixText.utf8CodeUnitCount + HTTP1HeadWriter.maxDigits + 2 }
        if isRepeated, prefix.second == serverLinesSecond {
            let bodyCount = response.body.count  // the closures below capture no part of `response`
            prefix.bytes.withUnsafeBytes { made in
                withUnsafeTemporaryAllocation(byteCount: bound + made.count, alignment: 1) { room in
                    var head = HTTP1HeadWriter(room)
                    head.write(made)
                    Self.writeEnd(
                        bodyCount: bodyCount, id: requestID, writesLength: writesLength,
                        closeConnection: closeConnection,
                        to: &head)
                    buffer.replaceSubrange(buffer.startIndex..<buffer.endIndex, with: head.written)
                }
            }
            return
        }
        let statusLine = Self.standardStatusLine(response.status)
        // The fields are read through a buffer pointer: `for field in fields` copied each field
        // (two names and a value, retained and released) twice per response.
        response.headers.fields.withUnsafeBufferPointer { fields in
            // The head's size, bounded before writing: its parts' lengths, digits at their most.
            bound += (statusLine?.count ?? 0) + serverLines.count
            if statusLine == nil { bound += Self.customStatusLineBound(response.status) }
            for index in fields.indices {
                bound += fields[index].name.rawName.utf8.count + fields[index].valueByteCount + 4
            }
            withUnsafeTemporaryAllocation(byteCount: bound, alignment: 1) { room in
                var head = HTTP1HeadWriter(room)
                if let statusLine {
                    head.write(statusLine)
                } else {
                    Self.writeCustomStatusLine(response.status, to: &head)
                }
                head.write(serverLines)
                for index in fields.indices where !Self.isOwned(fields[index].name) {
                    if requestID != nil, fields[index].name == .xRequestID { continue }
                    head.write(fields[index].name.rawName)
                    head.write(byte: ASCII.colon)
                    head.write(byte: ASCII.space)
                    fields[index].withValueBytes { head.write(UnsafeRawBufferPointer($0)) }
                    head.write(byte: ASCII.cr)
                    head.write(byte: ASCII.lf)
                }
                if isRepeated {
                    prefix.remake(from: head.written, second: serverLinesSecond)
                } else {
                    prefix.describe(response, dropsRequestID: requestID != nil)
                }
                Self.writeEnd(
                    bodyCount: response.body.count, id: requestID, writesLength: writesLength,
                    closeConnection: closeConnection,
                    to: &head)
                buffer.replaceSubrange(buffer.startIndex..<buffer.endIndex, with: head.written)
            }
        }
    }

    /// What follows the handler's fields: `X-Request-Id`, `Content-Length`, `Connection`, the
    /// empty line.
    private static func writeEnd(
        bodyCount: Int, id requestID: RequestContext.ID?, writesLength: Bool, closeConnection: Bool,
        to head: inout HTTP1HeadWriter
    ) {
        if let requestID {
            head.write(literal: requestIDPrefixText)
            requestID.write(to: &head)
            head.write(byte: ASCII.cr)
            head.write(byte: ASCII.lf)
        }
        if writesLength {
            head.write(literal: contentLengthPrefixText)
            head.write(digitsOf: bodyCount)
            head.write(byte: ASCII.cr)
            head.write(byte: ASCII.lf)
        }
        head.write(literal: closeConnection ? closeTailText : keepAliveTailText)
    }

    // The parts written after the fields, as literals: written from their static bytes, with no
    // static array loaded (a `swift_once` and a retain each) per response.
    private static var requestIDPrefixText: StaticString { "X-Request-Id: " }
    private static var contentLengthPrefixText: StaticString { "Content-Length: " }
    private static var keepAliveTailText: StaticString { "Connection: keep-alive\r\n\r\n" }
    private static var closeTailText: StaticString { "Connection: close\r\n\r\n" }

    /// Head and, unless `isHeadRequest` (or the status forbids one), body: one byte array.
    mutating func serialize(_ response: HTTPResponse, isHeadRequest: Bool, closeConnection: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        writeHead(response, closeConnection: closeConnection, into: &bytes)
        if Self.sendsBody(response.status, isHeadRequest: isHeadRequest) {
            bytes.append(contentsOf: response.body)
        }
        return bytes
    }

    /// Whether a handler's response can be written safely: a final status (200–999), a reason
    /// and header values without CR, LF or other controls, and token header names. A standard
    /// reason is not scanned, and the headers' answer was settled as they were set
    /// (`HTTPHeaders.areWritable`): a response built once is checked once.
    static func isWritable(_ response: HTTPResponse) -> Bool {
        let status = response.status
        guard (200...999).contains(status.code), hasStandardReason(status) || isFieldValue(status.reason) else {
            return false
        }
        return response.headers.areWritable
    }

    /// Whether every byte of `text` may stand in a field value: one loop over its contiguous
    /// UTF-8 (a native string's storage, a small string's copy on the stack), no iterator.
    static func isFieldValue(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where !ASCII.isFieldValueCharacter(byte) { return false }
            return true
        }
    }

    /// `HTTP/1.1 <code> <reason>` CRLF: the precomputed line when the reason is the standard one.
    static func appendStatusLine(_ status: HTTPStatus, to buffer: inout [UInt8]) {
        if let line = standardStatusLine(status) {
            buffer.append(contentsOf: line)
            return
        }
        buffer.append(contentsOf: "HTTP/1.1 \(status.code) \(status.reason)\r\n".utf8)
    }

    /// The precomputed status line of `status` when its reason is the standard one, else nil.
    static func standardStatusLine(_ status: HTTPStatus) -> [UInt8]? {
        hasStandardReason(status) ? statusLines[status.code - 100] : nil
    }

    /// Whether `status` is a registered code (100–599) with its standard reason.
    static func hasStandardReason(_ status: HTTPStatus) -> Bool {
        let code = status.code
        return code >= 100 && code <= 599 && statusReasons[code - 100] == status.reason
    }

    /// The most bytes `writeCustomStatusLine` writes for `status`.
    static func customStatusLineBound(_ status: HTTPStatus) -> Int {
        "HTTP/1.1 ".utf8.count + HTTP1HeadWriter.maxDigits + 1 + status.reason.utf8.count + 2
    }

    /// `HTTP/1.1 <code> <reason>` CRLF for a status without a precomputed line (a handler's own reason).
    static func writeCustomStatusLine(_ status: HTTPStatus, to head: inout HTTP1HeadWriter) {
        head.write("HTTP/1.1 ")
        head.write(digitsOf: max(0, status.code))
        head.write(byte: ASCII.space)
        head.write(status.reason)
        head.write(byte: ASCII.cr)
        head.write(byte: ASCII.lf)
    }

    /// Whether the server writes the field `name` itself (Date, Server, Connection,
    /// Content-Length, Transfer-Encoding): its length picks the one name to compare, rather
    /// than comparing with each of them.
    /// (The well-known names are made from literals, so `==` costs a comparison of keys, and of
    /// strings only when the keys are equal.)
    static func isOwned(_ name: HTTPFieldName) -> Bool {
        switch name.canonicalName.utf8.count {
        case 4: name == .date
        case 6: name == .server
        case 10: name == .connection
        case 14: name == .contentLength
        case 17: name == .transferEncoding
        default: false
        }
    }

    /// The decimal digits of a non-negative `value`, without making a String.
    static func appendDigits(of value: Int, to buffer: inout [UInt8]) {
        withDigits(of: value) { buffer.append(contentsOf: $0) }
    }

    /// Calls `body` with the decimal digits of a non-negative `value` (at most 19 bytes, in
    /// scratch memory on the stack), for callers appending to arrays; `HTTP1HeadWriter` writes
    /// digits in place.
    static func withDigits<Result>(of value: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits; an Int has at most 19
        var length = 0
        var rest = UInt64(max(0, value))
        return withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                length += 1
                scratch[24 - length] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            return body(UnsafeRawBufferPointer(rebasing: scratch[(24 - length)...]))
        }
    }
}

/// The head of a response up to the end of its handler's fields (status line, `Server`, `Date`,
/// the fields not owned by the server), for the next response with the same fields.
///
/// It keeps the headers it describes: while kept, their storage is neither freed (so no other
/// array takes its address) nor changed (a mutation of storage that is shared copies it first),
/// so a response whose fields are at that address, in that number, has those fields.
struct HeadPrefix {
    /// Kept only to keep their storage alive and unchanged; compared by `fieldsAddress`.
    private var headers = HTTPHeaders()
    /// Where `headers`' fields are, and how many (compared without copying `headers`).
    private var fieldsAddress = 0
    private var fieldsCount = 0
    private var status = HTTPStatus(code: 0, reason: "")
    private var dropsRequestID = false
    /// The second of the `Date` in `bytes`; -1 while `bytes` are not made for the headers kept.
    private(set) var second = -1
    private(set) var bytes: [UInt8] = []

    /// Whether `response`, with the handler's `X-Request-Id` dropped or not, has the fields and
    /// status kept.
    func describes(_ response: HTTPResponse, dropsRequestID: Bool) -> Bool {
        response.status.code == status.code && dropsRequestID == self.dropsRequestID
            && response.headers.fieldsLocation == (fieldsAddress, fieldsCount)
            && response.status.reason == status.reason
    }

    /// Keeps `response`'s fields and status, with no bytes made yet.
    mutating func describe(_ response: HTTPResponse, dropsRequestID: Bool) {
        headers = response.headers
        (fieldsAddress, fieldsCount) = headers.fieldsLocation
        status = response.status
        self.dropsRequestID = dropsRequestID
        second = -1
    }

    /// The bytes of the head kept, as written in `second`.
    mutating func remake(from written: UnsafeRawBufferPointer, second: Int) {
        bytes.replaceSubrange(bytes.startIndex..<bytes.endIndex, with: written)
        self.second = second
    }
}
