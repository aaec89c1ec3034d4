/// A timeline request as the rules take it: the statuses and the raw grid options, or the
/// raw option sets of `variants`.
public struct TimelineRequest: Hashable, Sendable {
    public var statuses: [WeiboStatus]
    /// `options` as sent; `GridOptions.validated` applies defaults and the 422 rules.
    public var options: RawGridOptions
    /// `variants` as sent, `nil` when the body has none (or `null`): the statuses are then laid
    /// out once per option set (`RawTimelineVariants.validated`), and `options` is not used.
    public var variants: RawTimelineVariants?
    /// The bytes the statuses' strings are slices of, when a reader kept them
    /// (`ByteTimelineReader`): the layout refers to the ids and URLs it shows in place there
    /// (`TimelineRules.layout(for:options:)`), not copied. Not part of equality.
    package var source: [UInt8]?

    public init(
        statuses: [WeiboStatus], options: RawGridOptions = RawGridOptions(), variants: RawTimelineVariants? = nil
    ) {
        self.statuses = statuses
        self.options = options
        self.variants = variants
    }

    public static func == (lhs: TimelineRequest, rhs: TimelineRequest) -> Bool {
        lhs.statuses == rhs.statuses && lhs.options == rhs.options && lhs.variants == rhs.variants
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(statuses)
        hasher.combine(options)
        hasher.combine(variants)
    }
}

/// The one decoding boundary of the core: JSON bytes in, typed inputs out.
///
/// Accepted documents: any Weibo response as it comes, by the envelopes of
/// `TimelineEnvelope` (`statuses`, a bare array, `data.list`/`data.statuses`,
/// `data.cards`/`cards`), with `options` or `variants` beside it (`RawTimelineVariants`).
/// The request's own fields are strict: an envelope key must hold its type and each option
/// its documented type (else `.wrongType`, 400; `options`' first, then `variants`'); an object without an envelope is `.invalidValue` (422) at the root; unknown option
/// names are kept for `GridOptions.validated`. Inside the statuses everything is lenient:
/// an entry that is not an object is skipped, a field of the wrong type counts as absent.
/// Malformed JSON is `.malformed` with its position.
///
/// Every reader must give equal results for equal bytes: `FoundationTimelineReader` is the
/// reference, and faster readers are tested against it.
public protocol TimelineReader: Sendable {
    func readTimeline(_ bytes: UnsafeRawBufferPointer) throws(InputError) -> TimelineRequest
    /// The same from an array: a reader may keep slices of it in what it returns (no copy).
    func readTimeline(_ bytes: [UInt8]) throws(InputError) -> TimelineRequest
}

extension TimelineReader {
    /// Reads the array's bytes through `readTimeline(_: UnsafeRawBufferPointer)`.
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
