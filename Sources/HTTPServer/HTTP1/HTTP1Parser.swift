import Foundation

/// An incremental RFC 9112 request parser: fed bytes as they arrive, it yields a request's
/// head, then its end with the whole (de-chunked) body, or throws the error to answer.
/// It does no I/O; after an error it is poisoned and rethrows that error.
struct HTTP1Parser: Sendable {
    /// What `next()` found.
    enum Event: Sendable {
        case head(HTTPRequestHead)
        /// The body is complete; `byteCount` is the request's size on the wire.
        case end(body: [UInt8], byteCount: Int)
    }

    enum State: Sendable {
        case head
        case lengthBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers(byteCount: Int)
        case complete
        case failed(HTTPParserError)
    }

    /// A chunk-size line (size and extensions) longer than this is refused.
    static let maxChunkLineBytes = 4096

    var limits: HTTPServerConfiguration.Limits
    /// What bodies are charged to before they are allocated; nil: not bounded.
    let memory: MemoryBudget?
    /// The charge of the body being read (handed on with it by `takeBodyCharge`).
    var bodyCharge: MemoryCharge?
    /// Bytes the body needs charged before it can take more input; 0 when it needs none.
    var awaitedMemory = 0

    var buffer: [UInt8] = []
    /// Start of the bytes not yet consumed; the head being scanned starts here.
    var readIndex = 0
    var state = State.head
    /// Head scanning, relative to `readIndex`: where to look for the next LF, where the
    /// current line starts, and the lines found so far (CRLF excluded).
    var scanOffset = 0
    var lineStart = 0
    var lines: [Range<Int>] = []
    var body: [UInt8] = []
    /// Wire bytes of the current request consumed so far.
    var requestByteCount = 0

    init(limits: HTTPServerConfiguration.Limits = .init(), memory: MemoryBudget? = nil) {
        self.limits = limits
        self.memory = memory
    }

    /// Appends received bytes. Bytes of a Content-Length body with nothing before them buffered
    /// go straight into the body, which was sized by Content-Length when the head was read: one
    /// copy from the caller's read buffer, not one into the parser's buffer and another out of it.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        compact()
        var rest = bytes
        if case .lengthBody(let remaining) = state, awaitedMemory == 0, readIndex == buffer.count, !rest.isEmpty {
            let take = min(remaining, rest.count)
            fillBody(from: UnsafeRawBufferPointer(rebasing: rest[..<take]), remaining: remaining)
            rest = UnsafeRawBufferPointer(rebasing: rest[take...])
        }
        buffer.append(contentsOf: rest)
    }

    /// Appends received bytes.
    mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// The next event, or nil when more bytes are needed.
    mutating func next() throws(HTTPParserError) -> Event? {
        do {
            return try step()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    /// Whether the next event is a head (or more bytes are needed for one).
    var isAwaitingHead: Bool {
        if case .head = state { true } else { false }
    }

    /// The head `next()` would return, unwrapped, or nil when more bytes are needed; valid
    /// while `isAwaitingHead`. An error poisons the parser as `next()` does.
    mutating func nextHead() throws(HTTPParserError) -> HTTPRequestHead? {
        do {
            return try parseHead()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    /// True while a request has begun (a byte of it was received) and not ended.
    var isMidRequest: Bool {
        if case .head = state { return readIndex < buffer.count }
        return true
    }

    /// True once the head of the current request was returned and its end was not.
    var isReadingBody: Bool {
        switch state {
        case .head, .failed: false
        default: true
        }
    }

    /// Received bytes not consumed yet.
    var bufferedByteCount: Int { buffer.count - readIndex }

    private mutating func step() throws(HTTPParserError) -> Event? {
        switch state {
        case .failed(let error):
            throw error
        case .head:
            guard let head = try parseHead() else { return nil }
            return .head(head)
        case .complete:
            let (body, byteCount) = takeEnd()
            return .end(body: body, byteCount: byteCount)
        case .lengthBody(let remaining):
            guard awaitedMemory == 0 || admitLengthBody(count: remaining) else { return nil }
            let take = min(remaining, bufferedByteCount)
            buffer.withUnsafeBytes { bytes in
                fillBody(
                    from: UnsafeRawBufferPointer(rebasing: bytes[readIndex..<readIndex + take]), remaining: remaining)
            }
            readIndex += take
            return take == remaining ? try step() : nil
        case .chunkSize, .chunkData, .chunkDataEnd, .trailers:
            guard try parseChunked() else { return nil }
            return try step()
        }
    }

    /// Whether the current request's end is ready: after the head of a request without a body,
    /// `next()` would return its `.end` at once. The connection then takes it with `takeEnd()`
    /// in the same step, rather than parking the head until another `next()` returns the end.
    var endIsReady: Bool {
        if case .complete = state { true } else { false }
    }

    /// The end of the current request (what `next()` returns as `.end` once `endIsReady`):
    /// its body and size on the wire; the parser goes back to reading a head.
    mutating func takeEnd() -> (body: [UInt8], byteCount: Int) {
        let end = (body, requestByteCount)
        body = []
        requestByteCount = 0
        state = .head
        return end
    }

    mutating func consume(_ count: Int) {
        readIndex += count
        requestByteCount += count
    }

    /// Drops consumed bytes; offsets kept relative to `readIndex` stay valid.
    private mutating func compact() {
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            readIndex = 0
        } else if readIndex >= 4096 && readIndex * 2 >= buffer.count {
            buffer.removeSubrange(0..<readIndex)
            readIndex = 0
        }
    }

    /// The absolute index of the first LF at or after `start`, or nil.
    func indexOfLineFeed(from start: Int) -> Int? {
        buffer.withUnsafeBytes { bytes -> Int? in
            guard start < bytes.count, let base = bytes.baseAddress else { return nil }
            guard let found = memchr(base + start, Int32(ASCII.lf), bytes.count - start) else { return nil }
            return UnsafeRawPointer(found) - base
        }
    }
}
