/// What an HTTP/2 session keeps about one request stream, from its HEADERS to its close.
/// A class, so nghttp2's many callbacks per stream update it in place. Not Sendable: it
/// lives in its session, on one event loop's thread.
///
/// A closed stream that nothing else references goes back to its session's free list and is
/// `reset`, then given to a later stream: every property returns to its initial value, and only
/// the entries of `fieldEnds` (small, bounded; none of them the next request's fields until
/// overwritten, see `fieldCount`), the storage of `fieldBytes` (at most `keptFieldBytes`; its
/// bytes none of the next request's until overwritten, see `fieldByteCount`) and that of the
/// emptied `receivedFields` (at most `keptReceivedFields` fields) are kept.
final class HTTP2Stream {
    /// The `:method` received, GET until one is (`hasMethod` says whether one was): a method
    /// beside a flag, so that setting and reading it copy no optional.
    @exclusivity(unchecked) var method: HTTPMethod = .get
    @exclusivity(unchecked) var hasMethod = false
    /// The `:path` and `:authority` values, where they are in `fieldBytes` (nil: not received):
    /// bytes until the request is made (`dispatch`), which splits the target once per distinct
    /// value (`HTTP2Session.requestTarget`) and hands the authority on as a received `Host`.
    @exclusivity(unchecked) var targetRange: Range<Int>?
    @exclusivity(unchecked) var authorityRange: Range<Int>?
    /// The regular fields' values (and the `:path` and `:authority` values) back to back, and
    /// each regular field's name and where its value is there: one buffer per request instead of
    /// a `String` per value (`receivedHeaders` makes them received fields, slices of that one
    /// buffer, as HTTP/1.1's parser does). Only the first `fieldByteCount` bytes of `fieldBytes`
    /// and the first `fieldCount` entries of `fieldEnds` are this request's: the rest are storage
    /// kept from earlier requests (or zeros), overwritten as values and fields come. The buffer's
    /// count is its room: a value is written into it in place, and the buffer is lengthened only
    /// when a value does not fit.
    @exclusivity(unchecked) var fieldBytes: [UInt8] = []
    /// How many bytes of `fieldBytes` are this request's values.
    @exclusivity(unchecked) var fieldByteCount = 0
    @exclusivity(unchecked) var fieldEnds: [FieldEntry] = []
    @exclusivity(unchecked) var fieldCount = 0
    /// The received fields of the last request made (`receivedHeaders()`), whose storage that
    /// request's headers share: emptied in place by `reset` once the request is gone, so that
    /// the next request's fields are written into it, with no array allocated per request.
    @exclusivity(unchecked) var receivedFields: [HTTPHeaders.Field] = []
    /// Where the first `user-agent` value is in `fieldBytes`, for the access log (nil: none).
    @exclusivity(unchecked) var userAgentRange: Range<Int>?
    /// Where the first `x-request-id` value is in `fieldBytes`, for the request's ID (nil: none).
    @exclusivity(unchecked) var requestIDRange: Range<Int>?
    /// RFC 9113 §6.5.2's measure: each field's name and value plus 32.
    @exclusivity(unchecked) var headerListSize = 0
    @exclusivity(unchecked) var body: [UInt8] = []
    /// The body's charge to the memory budget (handed on with the request).
    @exclusivity(unchecked) var bodyCharge: MemoryCharge?
    /// DATA bytes received and not yet given back as flow-control window (`nghttp2_session_consume`).
    @exclusivity(unchecked) var unconsumed = 0
    /// Header name and value bytes plus DATA payload received.
    @exclusivity(unchecked) var bytesIn = 0
    /// When its HEADERS began (set again when a reset stream is reused), as a `Moment`: a fixed
    /// layout, set and read without value witnesses.
    @exclusivity(unchecked) var receivedMoment: Moment
    /// When its header block ended (the body deadline runs from there), nil before, and nil for
    /// a request whose HEADERS ended it (no body, no deadline).
    @exclusivity(unchecked) var headEndedMoment: Moment?
    /// The client finished sending (END_STREAM received).
    @exclusivity(unchecked) var requestEnded = false
    /// Answered before the request was read whole (413, 431): further input is dropped and
    /// the stream is reset once the answer is sent.
    @exclusivity(unchecked) var isRefused = false
    /// The request was handed out; its answer is awaited.
    @exclusivity(unchecked) var isDispatched = false
    @exclusivity(unchecked) var isHeadRequest = false
    /// Its response was submitted.
    @exclusivity(unchecked) var isAnswered = false
    /// The response body and how much of it the DATA frames carried so far.
    @exclusivity(unchecked) var responseBody: [UInt8] = []
    @exclusivity(unchecked) var responseOffset = 0

    /// A regular field received: its name, and where its value is in `fieldBytes`.
    struct FieldEntry {
        var name: HTTPFieldName {
            didSet {
                isUserAgent = name == .userAgent
                isRequestID = name == .xRequestID
            }
        }
        /// The length of the bytes `name` was made of, and (for at most `nameBytesKept` bytes)
        /// those bytes, zero-padded, as two words (`words(of:)`).
        var nameLength: Int
        var nameWords: Words
        var start: Int
        var end: Int
        /// Whether `name` is `User-Agent`, or `X-Request-Id` (settled when the name is set).
        private(set) var isUserAgent: Bool
        private(set) var isRequestID: Bool

        /// Two words of bytes.
        struct Words: Equatable {
            var first: UInt64
            var second: UInt64
        }

        /// The most name bytes an entry keeps.
        static let nameBytesKept = 16

        init(name: HTTPFieldName, nameLength: Int, nameWords: Words, start: Int, end: Int) {
            self.name = name
            self.nameLength = nameLength
            self.nameWords = nameWords
            self.start = start
            self.end = end
            isUserAgent = name == .userAgent
            isRequestID = name == .xRequestID
        }

        /// The first `nameBytesKept` bytes of `bytes`, zero-padded (all zeros when longer).
        static func words(of bytes: UnsafeBufferPointer<UInt8>) -> Words {
            var words = Words(first: 0, second: 0)
            guard bytes.count <= nameBytesKept, let base = bytes.baseAddress else { return words }
            withUnsafeMutableBytes(of: &words) {
                $0.baseAddress.unsafelyUnwrapped.copyMemory(from: base, byteCount: bytes.count)
            }
            return words
        }
    }

    init(receivedAt: Moment) {
        receivedMoment = receivedAt
    }

    /// When its HEADERS began.
    var receivedAt: ContinuousClock.Instant { receivedMoment.instant }

    /// When its header block ended; nil before, and for a request whose HEADERS ended it.
    var headEndedAt: ContinuousClock.Instant? { headEndedMoment?.instant }

    /// The most field entries a reset keeps (beyond, they are freed).
    static let keptFieldEntries = 32
    /// The largest field buffer (its capacity in bytes) a reset keeps for the next request.
    static let keptFieldBytes = 1024
    /// The largest `receivedFields` storage (its capacity in fields) a reset keeps.
    static let keptReceivedFields = 16

    /// Makes this stream a new one received at `receivedAt`, as `init` would: every property
    /// back to its initial value (the `fieldEnds` entries kept up to `keptFieldEntries`, the
    /// `fieldBytes` storage up to `keptFieldBytes` with `fieldByteCount` zero, the emptied
    /// `receivedFields`' up to `keptReceivedFields`).
    func reset(receivedAt: Moment) {
        receivedMoment = receivedAt
        method = .get
        hasMethod = false
        targetRange = nil
        authorityRange = nil
        // Emptied first: its fields are slices of `fieldBytes`, which is then referenced by
        // nothing else (the request being gone) and is emptied in place too.
        if receivedFields.capacity <= Self.keptReceivedFields {
            // One by one from the end: each field destroyed directly, the storage kept (cheaper
            // than `removeAll(keepingCapacity:)`'s general range replacement).
            for _ in 0..<receivedFields.count { receivedFields.removeLast() }
        } else {
            receivedFields = []
        }
        // Kept for the next request (unless it is large), its bytes left to be overwritten: by
        // the stream's close the request that shared it is usually gone, so the next request's
        // values are written into it in place (one still holding it keeps its own copy).
        if fieldBytes.capacity > Self.keptFieldBytes { fieldBytes = [] }
        fieldByteCount = 0
        if fieldEnds.count > Self.keptFieldEntries { fieldEnds = [] }
        fieldCount = 0
        userAgentRange = nil
        requestIDRange = nil
        headerListSize = 0
        // Arrays without storage (usually: handed out, or sent) are left as they are.
        if body.capacity != 0 { body = [] }
        bodyCharge = nil
        unconsumed = 0
        bytesIn = 0
        headEndedMoment = nil
        requestEnded = false
        isRefused = false
        isDispatched = false
        isHeadRequest = false
        isAnswered = false
        if responseBody.capacity != 0 { responseBody = [] }
        responseOffset = 0
    }

    /// Keeps a regular field (its name checked by nghttp2, lower case). A name with the bytes of
    /// the kept entry it overwrites (the same field in the same place as in this stream's last
    /// request) is that entry's name, not looked up again: equal bytes make equal names (a name
    /// of at most `FieldEntry.nameBytesKept` bytes is compared with the bytes the entry's name
    /// was made of, a longer one with its canonical spelling, which a lower-case name's bytes are).
    func addField(named name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        let range = append(value)
        let start = range.lowerBound
        let end = range.upperBound
        let index = fieldCount
        let words = FieldEntry.words(of: name)
        // The entry is updated in place: copying it out and back copied its name's strings.
        let kept: (isUserAgent: Bool, isRequestID: Bool)
        if index < fieldEnds.count {
            kept = fieldEnds.withUnsafeMutableBufferPointer { entries in
                // A name of at most 16 bytes is compared as its length and two words of bytes.
                let same =
                    name.count <= FieldEntry.nameBytesKept
                    ? entries[index].nameLength == name.count && entries[index].nameWords == words
                    : Self.spells(entries[index].name, name)
                if !same {
                    entries[index].name = HTTPFieldName(validTokenBytes: name)
                    entries[index].nameLength = name.count
                    entries[index].nameWords = words
                }
                entries[index].start = start
                entries[index].end = end
                return (entries[index].isUserAgent, entries[index].isRequestID)
            }
        } else {
            let entry = FieldEntry(
                name: HTTPFieldName(validTokenBytes: name), nameLength: name.count, nameWords: words, start: start,
                end: end)
            kept = (entry.isUserAgent, entry.isRequestID)
            fieldEnds.append(entry)
        }
        if userAgentRange == nil, kept.isUserAgent { userAgentRange = start..<end }
        if requestIDRange == nil, kept.isRequestID { requestIDRange = start..<end }
        fieldCount += 1
    }

    /// Whether `bytes` are `name`'s canonical spelling.
    private static func spells(_ name: HTTPFieldName, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let same = name.canonicalName.utf8.withContiguousStorageIfAvailable { spelling in
            guard spelling.count == bytes.count else { return false }
            for index in 0..<bytes.count where spelling[index] != bytes[index] { return false }
            return true
        }
        return same ?? false
    }

    /// Keeps a pseudo-header's value in `fieldBytes`; returns where it is there.
    func addPseudoValue(_ value: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        append(value)
    }

    /// The room `fieldBytes` gets with its first bytes: a usual request's values fit without
    /// growing (reallocating and copying) the buffer.
    static let initialFieldBytes = 256

    /// Writes `value` after the request's bytes in `fieldBytes` (lengthened first if it does not
    /// fit); returns where it is there.
    private func append(_ value: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = fieldByteCount
        let end = start + value.count
        if end > fieldBytes.count { lengthenFieldBytes(toHold: end) }
        if let source = value.baseAddress, value.count > 0 {
            fieldBytes.withUnsafeMutableBufferPointer { buffer in
                // `end` is at most the buffer's count.
                (buffer.baseAddress.unsafelyUnwrapped + start).update(from: source, count: value.count)
            }
        }
        fieldByteCount = end
        return start..<end
    }

    /// Lengthens `fieldBytes` with zeros to at least `needed` bytes: `initialFieldBytes` for
    /// the first, then twice its count (or `needed`, if more).
    private func lengthenFieldBytes(toHold needed: Int) {
        let count = max(needed, fieldBytes.isEmpty ? Self.initialFieldBytes : 2 * fieldBytes.count)
        fieldBytes.reserveCapacity(count)
        fieldBytes.append(contentsOf: repeatElement(0, count: count - fieldBytes.count))
    }

    /// The `:path` received, or set (the request of an upgrade), as a String; nil if none.
    var target: String? {
        get { targetRange.map { String(decoding: fieldBytes[$0], as: UTF8.self) } }
        set {
            guard var newValue else {
                targetRange = nil
                return
            }
            targetRange = newValue.withUTF8 { addPseudoValue($0) }
        }
    }

    /// The fields received so far, as received fields (values decoded only when read), and a
    /// `Host` field with the `:authority` value after them when there is one and no `host`
    /// field (RFC 9113 §8.3.1). They are written into `receivedFields`' storage, which the
    /// headers returned share (an earlier request still holding it keeps its own fields).
    func receivedHeaders() -> HTTPHeaders {
        if !receivedFields.isEmpty { receivedFields.removeAll(keepingCapacity: true) }  // `reset` emptied it
        receivedFields.reserveCapacity(fieldCount + 1)
        var hasHost = false
        fieldEnds.withUnsafeBufferPointer { entries in
            for index in 0..<fieldCount {
                if entries[index].name == .host { hasHost = true }
                receivedFields.append(
                    HTTPHeaders.Field(
                        name: entries[index].name, bytes: fieldBytes[entries[index].start..<entries[index].end]))
            }
        }
        if let authorityRange, !hasHost {
            receivedFields.append(HTTPHeaders.Field(name: .host, bytes: fieldBytes[authorityRange]))
        }
        return HTTPHeaders(received: receivedFields)
    }

    /// The first `User-Agent` value received, still bytes (decoded only if logged).
    var userAgent: HTTPHeaders.Field.Storage? {
        userAgentRange.map { .bytes(fieldBytes[$0]) }
    }
}
