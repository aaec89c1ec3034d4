import Synchronization

/// The bytes of client-driven buffers the server holds at once, bounded: request bodies
/// (HTTP/1.1 and HTTP/2, as received and inflated) and responses waiting to be written.
/// A body is admitted only by a charge that fits (`charge`, `MemoryCharge.grow`); what does
/// not fit is not allocated, and the caller pushes back instead (stops reading, withholds
/// flow-control window, refuses the stream or answers 503). Responses are charged as they
/// wait (`hold`): they are made already, so they are counted, never refused, and new bodies
/// wait for them to drain.
///
/// Invariants: `heldBytes` is the sum of the live charges; a charge `charge` or `grow` grants
/// never takes it past `limit` (a `hold` may); releasing returns exactly what was charged.
/// Thread-safe: atomics only.
package final class MemoryBudget: Sendable {
    /// What the bytes are held for (a metric label each).
    package enum Kind: Int, Sendable, CaseIterable {
        /// Request bodies being received, queued or handled (compressed and inflated).
        case bodies
        /// Response bytes waiting for the peer (the socket or HTTP/2 flow control).
        case responses

        /// The metric label.
        package var label: String {
            switch self {
            case .bodies: "bodies"
            case .responses: "responses"
            }
        }
    }

    /// Why a request or stream was refused for memory (a metric label each).
    package enum Refusal: Int, Sendable, CaseIterable {
        /// An HTTP/1.1 body that could not be admitted in time: 503 with `Retry-After`.
        case http1Body
        /// An HTTP/2 stream whose body would pass the budget: 503 with `Retry-After`.
        case http2Body
        /// A new HTTP/2 stream with a body, refused with RST_STREAM REFUSED_STREAM (the budget
        /// is nearly spent, or its connection holds its cap of unfinished bodies).
        case http2Stream
        /// A gzip body whose inflated bytes would pass the budget: 503 with `Retry-After`.
        case inflatedBody

        /// The metric label.
        package var label: String {
            switch self {
            case .http1Body: "http1_body"
            case .http2Body: "http2_body"
            case .http2Stream: "http2_stream"
            case .inflatedBody: "inflated_body"
            }
        }
    }

    /// The most bytes charges may hold together.
    package let limit: Int
    private let total = Atomic<Int>(0)
    private let bodies = Atomic<Int>(0)
    private let responses = Atomic<Int>(0)
    /// The highest `total` since `takePeak` last read it.
    private let peak = Atomic<Int>(0)
    private let http1BodyRefusals = Atomic<Int>(0)
    private let http2BodyRefusals = Atomic<Int>(0)
    private let http2StreamRefusals = Atomic<Int>(0)
    private let inflatedBodyRefusals = Atomic<Int>(0)

    package init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Bytes held now, all kinds.
    package var heldBytes: Int { total.load(ordering: .relaxed) }

    /// Bytes held now for `kind`.
    package func heldBytes(_ kind: Kind) -> Int {
        switch kind {
        case .bodies: bodies.load(ordering: .relaxed)
        case .responses: responses.load(ordering: .relaxed)
        }
    }

    /// Bytes a charge may still take.
    package var availableBytes: Int { max(0, limit - heldBytes) }

    /// How many requests or streams were refused for `reason` since start.
    package func refusals(_ reason: Refusal) -> Int {
        switch reason {
        case .http1Body: http1BodyRefusals.load(ordering: .relaxed)
        case .http2Body: http2BodyRefusals.load(ordering: .relaxed)
        case .http2Stream: http2StreamRefusals.load(ordering: .relaxed)
        case .inflatedBody: inflatedBodyRefusals.load(ordering: .relaxed)
        }
    }

    /// Counts one refusal for `reason`.
    func noteRefusal(_ reason: Refusal) {
        switch reason {
        case .http1Body: http1BodyRefusals.add(1, ordering: .relaxed)
        case .http2Body: http2BodyRefusals.add(1, ordering: .relaxed)
        case .http2Stream: http2StreamRefusals.add(1, ordering: .relaxed)
        case .inflatedBody: inflatedBodyRefusals.add(1, ordering: .relaxed)
        }
    }

    /// The highest held total since the last call (or start), and starts the next period at
    /// what is held now: how the server tells that a burst has passed.
    func takePeak() -> Int {
        peak.exchange(heldBytes, ordering: .relaxed)
    }

    /// A charge of `bytes` for `kind`, or nil when it would pass the limit (nothing charged).
    func charge(_ bytes: Int, _ kind: Kind) -> MemoryCharge? {
        guard reserve(bytes, kind) else { return nil }
        return MemoryCharge(budget: self, kind: kind, bytes: bytes)
    }

    /// Adds `bytes` to `kind` unless the total would pass the limit; true when charged.
    func reserve(_ bytes: Int, _ kind: Kind) -> Bool {
        guard bytes > 0 else { return true }
        var current = total.load(ordering: .relaxed)
        while true {
            guard current <= limit - bytes else { return false }
            let (exchanged, original) = total.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { break }
            current = original
        }
        adjust(kind, by: bytes)
        notePeak(current + bytes)
        return true
    }

    /// Adds `bytes` to `kind` whatever the limit: for buffers that exist already (responses).
    func hold(_ bytes: Int, _ kind: Kind) {
        guard bytes > 0 else { return }
        let now = total.add(bytes, ordering: .relaxed).newValue
        adjust(kind, by: bytes)
        notePeak(now)
    }

    /// Returns `bytes` of `kind` (charged before by `reserve` or `hold`).
    func release(_ bytes: Int, _ kind: Kind) {
        guard bytes > 0 else { return }
        total.subtract(bytes, ordering: .relaxed)
        adjust(kind, by: -bytes)
    }

    private func notePeak(_ value: Int) {
        var seen = peak.load(ordering: .relaxed)
        while value > seen {
            let (exchanged, original) = peak.compareExchange(expected: seen, desired: value, ordering: .relaxed)
            if exchanged { return }
            seen = original
        }
    }

    private func adjust(_ kind: Kind, by bytes: Int) {
        switch kind {
        case .bodies: bodies.add(bytes, ordering: .relaxed)
        case .responses: responses.add(bytes, ordering: .relaxed)
        }
    }
}

extension MemoryBudget {
    /// The 503 (with `Retry-After`) for a gzip body whose inflated bytes `budget` cannot take;
    /// counts the refusal.
    static func refuseInflated(_ budget: MemoryBudget) -> HTTPResponse {
        budget.noteRefusal(.inflatedBody)
        var response = HTTPResponse.problem(
            ProblemDetails(
                status: .serviceUnavailable, detail: "The server is short of memory for this body; retry in a second.")
        )
        response.headers.set(.retryAfter, "1")
        return response
    }
}

/// Bytes charged to a `MemoryBudget` for one buffer (a request's body, and its inflated copy),
/// released when the last reference goes. Its holders are those of the body: the parser or the
/// HTTP/2 stream while it is received, then the connection machine, the backlog and the work's
/// ticket, so whatever ends the request (answered, cancelled, timed out, refused, the client
/// gone) returns the bytes.
final class MemoryCharge: Sendable {
    let budget: MemoryBudget
    let kind: MemoryBudget.Kind
    private let charged: Atomic<Int>

    init(budget: MemoryBudget, kind: MemoryBudget.Kind, bytes: Int) {
        self.budget = budget
        self.kind = kind
        charged = Atomic(bytes)
    }

    deinit {
        budget.release(charged.load(ordering: .relaxed), kind)
    }

    /// Bytes this charge holds.
    var bytes: Int { charged.load(ordering: .relaxed) }

    /// Charges `more` bytes on top; false (nothing changed) when the budget cannot take them.
    func grow(by more: Int) -> Bool {
        guard more > 0 else { return true }
        guard budget.reserve(more, kind) else { return false }
        charged.add(more, ordering: .relaxed)
        return true
    }
}
