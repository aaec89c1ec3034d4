/// What the server knows about a request besides its bytes.
package struct RequestContext: Sendable {
    /// The client's `X-Request-Id` when sane (1–200 visible ASCII characters), else a generated one
    /// (formatted when read: see `id`).
    package var requestID: String {
        get { id.description }
        set { id = ID(newValue) }
    }
    /// The request ID, kept unformatted.
    package var id: ID
    /// True once the server is shutting down: readiness probes should answer 503.
    package var isDraining: Bool
    /// The peer's address (`127.0.0.1:53412`), when known. (Spelled `Optional`: a `String?`
    /// property is first set to nil by every initializer, then assigned, which kept the context
    /// an initializer makes in memory and copied it once more.)
    // swift-format-ignore: UseShorthandTypeNames
    package var remoteAddress: Optional<String>
    /// When the first byte of the request arrived, as a `Moment`: a fixed layout, so that the
    /// actions and requests that carry a context are copied and freed without value witnesses.
    var receivedMoment: Moment

    /// When the first byte of the request arrived.
    package var receivedAt: ContinuousClock.Instant {
        get { receivedMoment.instant }
        set { receivedMoment = Moment(newValue) }
    }

    package init(
        requestID: String,
        isDraining: Bool = false,
        remoteAddress: String? = nil,
        receivedAt: ContinuousClock.Instant = .now
    ) {
        self.init(
            id: ID(requestID), isDraining: isDraining, remoteAddress: remoteAddress,
            receivedMoment: Moment(receivedAt))
    }

    init(id: ID, isDraining: Bool, remoteAddress: String?, receivedMoment: Moment) {
        self.id = id
        self.isDraining = isDraining
        self.remoteAddress = remoteAddress
        self.receivedMoment = receivedMoment
    }

    /// Whether a client-sent request ID may be echoed: 1–200 visible ASCII characters.
    static func isSaneRequestID(_ value: String) -> Bool {
        let utf8 = value.utf8
        return !utf8.isEmpty && utf8.count <= 200 && utf8.allSatisfy(ASCII.isVisible)
    }
}
