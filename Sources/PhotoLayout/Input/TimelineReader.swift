/// A timeline request as the rules take it: the statuses and the raw grid options.
public struct TimelineRequest: Hashable, Sendable {
    public var statuses: [WeiboStatus]
    /// `options` as sent; `GridOptions.validated` applies defaults and the 422 rules.
    public var options: RawGridOptions

    public init(statuses: [WeiboStatus], options: RawGridOptions = RawGridOptions()) {
        self.statuses = statuses
        self.options = options
    }
}

/// The one decoding boundary of the core: JSON bytes in, typed inputs out.
///
/// Accepted documents: `{"statuses": [...], "options": {...}}` (a raw Weibo timeline
/// response, with its other fields, is one), or a bare array of statuses. The request's
/// own fields are strict: `statuses` must be an array of objects and each option of its
/// documented type (else `.wrongType`, 400), `statuses` must be present (else
/// `.invalidValue`, 422). Inside a status every field is lenient: a value of the wrong type
/// counts as absent. Malformed JSON is `.malformed` with its position.
///
/// Every reader must give equal results for equal bytes: `FoundationTimelineReader` is the
/// reference, and faster readers are tested against it.
public protocol TimelineReader: Sendable {
    func readTimeline(_ bytes: UnsafeRawBufferPointer) throws(InputError) -> TimelineRequest
}

extension TimelineReader {
    public func readTimeline(_ bytes: [UInt8]) throws(InputError) -> TimelineRequest {
        do {
            return try bytes.withUnsafeBytes { buffer in try readTimeline(buffer) }
        } catch let error as InputError {
            throw error
        } catch {
            // `withUnsafeBytes` rethrows only what the closure throws: an `InputError`.
            throw InputError(kind: .malformed, detail: "\(error)")
        }
    }
}
