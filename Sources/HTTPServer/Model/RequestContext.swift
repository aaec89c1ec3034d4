/// What the server knows about a request besides its bytes.
public struct RequestContext: Sendable {
    /// The client's `X-Request-Id` when sane (1–200 visible ASCII characters), else a generated one.
    public var requestID: String
    /// True once the server is shutting down: readiness probes should answer 503.
    public var isDraining: Bool
    /// The peer's address (`127.0.0.1:53412`), when known.
    public var remoteAddress: String?
    /// When the first byte of the request arrived.
    public var receivedAt: ContinuousClock.Instant

    public init(
        requestID: String,
        isDraining: Bool = false,
        remoteAddress: String? = nil,
        receivedAt: ContinuousClock.Instant = .now
    ) {
        self.requestID = requestID
        self.isDraining = isDraining
        self.remoteAddress = remoteAddress
        self.receivedAt = receivedAt
    }

    /// Whether a client-sent request ID may be echoed: 1–200 visible ASCII characters.
    static func isSaneRequestID(_ value: String) -> Bool {
        let utf8 = value.utf8
        return !utf8.isEmpty && utf8.count <= 200 && utf8.allSatisfy(ASCII.isVisible)
    }
}
