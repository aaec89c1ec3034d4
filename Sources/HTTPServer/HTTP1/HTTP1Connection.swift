/// The HTTP/1.1 connection state machine: bytes and events in, actions out, no I/O.
/// Keep-alive, pipelining (responses strictly in request order), `Expect: 100-continue`,
/// HTTP/1.0, timeouts (the caller passes the time: tests use a fake clock) and draining.
/// A protocol error yields exactly one problem+json response with `Connection: close`.
struct HTTP1Connection: Sendable {
    /// Limits, timeouts and how many requests may await their responses at once.
    struct Configuration: Sendable {
        var limits: HTTPServerConfiguration.Limits
        var timeouts: HTTPServerConfiguration.Timeouts
        var maxPipelinedRequests: Int
        /// What bodies are charged to; nil: not bounded (beyond the body limit).
        var memory: MemoryBudget?
        /// The settings a refusal over a size limit names; nil: none.
        var limitSettings: HTTPServerConfiguration.LimitSettings?

        init(
            limits: HTTPServerConfiguration.Limits = .init(),
            timeouts: HTTPServerConfiguration.Timeouts = .init(),
            maxPipelinedRequests: Int = 16,
            memory: MemoryBudget? = nil,
            limitSettings: HTTPServerConfiguration.LimitSettings? = nil
        ) {
            self.limits = limits
            self.timeouts = timeouts
            self.maxPipelinedRequests = maxPipelinedRequests
            self.memory = memory
            self.limitSettings = limitSettings
        }

        /// How long a body may wait for the budget to admit it before the request is answered
        /// 503 with `Retry-After`: a second, or the request timeout when shorter.
        var memoryWait: Duration { min(.seconds(1), timeouts.requestHead) }
    }

    /// How to write a response, and what to record about it.
    struct ResponseInfo: Sendable {
        var isHeadRequest: Bool
        var closeConnection: Bool
        var method: HTTPMethod
        var path: String
        /// The request ID, formatted only when read (`requestID`) or written.
        var id: RequestContext.ID
        /// When the request's first byte arrived (a `Moment`: a fixed layout, cheap to copy).
        var receivedMoment: Moment
        var bytesIn: Int
        var version: HTTPVersion
        /// The server refused the request (a protocol error, a limit, a timeout): the peer may
        /// still be sending, so the writer should linger before closing.
        var isRefusal: Bool
        /// The request's `User-Agent`, for the access log: bytes of the request head, decoded
        /// only when read (`userAgent`), so that a request nobody logs makes no String of it.
        var userAgentValue: HTTPHeaders.Field.Storage? = nil
        /// The request's `User-Agent`, decoded when read.
        var userAgent: String? {
            get { userAgentValue?.string }
            set { userAgentValue = newValue.map(HTTPHeaders.Field.Storage.text) }
        }
        /// The operationId the responder's router found (`RouteMatch.operationID`), for metrics.
        var operationID: String? = nil

        /// When the request's first byte arrived.
        var receivedAt: ContinuousClock.Instant { receivedMoment.instant }

        /// A record of nothing, made of literals (cheap to make and to free): what a slot holds
        /// once its record was swapped out of it to be sent.
        static var placeholder: Self {
            ResponseInfo(
                isHeadRequest: false, closeConnection: false, method: .get, path: "", id: RequestContext.ID(""),
                receivedMoment: .zero, bytesIn: 0, version: .http11, isRefusal: false)
        }

        /// The request ID as text.
        var requestID: String { id.description }
    }

    /// What the caller must do, in order.
    enum Action: Sendable {
        /// Run the responder, then call `complete(sequence:with:now:)`.
        /// (Not boxed: actions are moved through an `ActionQueue`, never copied, so a box would
        /// only add an allocation per request.)
        case handle(HTTPRequest, RequestContext, sequence: Int)
        /// Write `HTTP1Serializer.continueBytes`.
        case sendContinue
        /// Serialize and write the response.
        case send(HTTPResponse, ResponseInfo)
        /// Close the connection once everything before is written.
        case close
    }

    struct Slot: Sendable {
        var sequence: Int
        var response: HTTPResponse?
        var info: ResponseInfo

        /// Whether the response is in: reads the optional's case only (`response != nil`
        /// copied the response to compare it).
        var isReady: Bool {
            if case .some = response { true } else { false }
        }
    }

    /// The request whose head was parsed and whose body is being read.
    struct PartialRequest: Sendable {
        var head: HTTPRequestHead
        var receivedAt: Moment
        var headEndedAt: Moment
        var rejection: HTTPResponse?
        var owesContinue: Bool
    }

    let configuration: Configuration
    let remoteAddress: String?
    let requestIDPrefix: String
    var parser: HTTP1Parser
    var slots: [Slot] = []
    var partial: PartialRequest?
    var requestStartedAt: Moment?
    /// Since when the body being read waits for the memory budget (nil while it does not).
    var memoryWaitSince: Moment?
    /// The memory charges of bodies handed out (`.handle`) and not answered yet, by sequence:
    /// the caller takes one to keep with the request (`takeBodyCharge`); the rest are released
    /// when their request is answered or the connection closes.
    var bodyCharges: [(sequence: Int, charge: MemoryCharge)] = []
    var idleSince: Moment
    var nextSequence = 0
    /// No further request will be parsed (a `close` request, an error, draining, end of input).
    var readingStopped = false
    var inputEnded = false
    /// False while the peer is not reading its responses fast enough: no new request is started.
    var isWritable = true
    var isDraining = false
    var isClosed = false

    /// - Parameter requestIDPrefix: generated request IDs are `<prefix>-<n>`; make it unique per connection.
    init(
        configuration: Configuration = .init(),
        remoteAddress: String? = nil,
        requestIDPrefix: String,
        now: ContinuousClock.Instant
    ) {
        self.configuration = configuration
        self.remoteAddress = remoteAddress
        self.requestIDPrefix = requestIDPrefix
        parser = HTTP1Parser(limits: configuration.limits, memory: configuration.memory)
        idleSince = Moment(now)
    }

    /// Whether the caller should keep reading: false while too many responses are pending,
    /// and once no further request will be parsed.
    /// (A `mutating get`, as `mayUpgrade` is `mutating`, though neither changes anything: the
    /// event loop asks through the connection object on every read, and a plain getter made the
    /// compiler copy the whole machine, every field retained, to pass it as `self`.)
    var wantsInput: Bool {
        mutating get {
            !isClosed && !readingStopped && isWritable && slots.count < configuration.maxPipelinedRequests
                && !parser.isAwaitingMemory
        }
    }

    /// Write back-pressure: while not writable, buffered requests wait (and `wantsInput` is
    /// false); becoming writable again resumes them.
    mutating func setWritable(_ writable: Bool, now: ContinuousClock.Instant) -> [Action] {
        collect { $0.setWritable(writable, now: now, into: $1) }
    }

    /// `setWritable(_:now:)`, appending the actions to the caller's queue.
    mutating func setWritable(_ writable: Bool, now: ContinuousClock.Instant, into actions: ActionQueue) {
        guard writable != isWritable else { return }
        isWritable = writable
        guard writable, !isClosed else { return }
        pump(now: Moment(now), into: actions)
    }

    /// Bytes received from the peer.
    mutating func received(_ bytes: UnsafeRawBufferPointer, now: ContinuousClock.Instant) -> [Action] {
        collect { $0.received(bytes, now: now, into: $1) }
    }

    /// Bytes received from the peer; the actions are appended to `actions`, a queue the caller
    /// keeps from one event to the next (nothing allocated per event).
    mutating func received(
        _ bytes: UnsafeRawBufferPointer, now: ContinuousClock.Instant, into actions: ActionQueue
    ) {
        guard !isClosed, !readingStopped, !bytes.isEmpty else { return }
        if !parser.isMidRequest { requestStartedAt = Moment(now) }
        parser.feed(bytes)
        pump(now: Moment(now), into: actions)
    }

    /// Bytes received from the peer.
    mutating func received(_ bytes: [UInt8], now: ContinuousClock.Instant) -> [Action] {
        bytes.withUnsafeBytes { received($0, now: now) }
    }

    /// The responder's answer to the request `sequence`; responses go out in request order.
    /// `operationID` labels the request in metrics, when the responder's router found one.
    mutating func complete(
        sequence: Int, with response: HTTPResponse, operationID: String? = nil, now: ContinuousClock.Instant
    ) -> [Action] {
        collect {
            $0.complete(sequence: sequence, with: response, operationID: operationID, now: Moment(now), into: $1)
        }
    }

    /// `complete(sequence:with:operationID:now:)`, appending the actions to the caller's queue.
    /// The response is consumed: moved into its slot, not copied.
    mutating func complete(
        sequence: Int, with response: consuming HTTPResponse, operationID: String? = nil, now: Moment,
        into actions: ActionQueue
    ) {
        guard !isClosed, let index = slots.firstIndex(where: { $0.sequence == sequence }), !slots[index].isReady
        else { return }
        slots[index].info.operationID = operationID
        slots[index].response = Self.finalize(response, id: slots[index].info.id)
        if !bodyCharges.isEmpty { bodyCharges.removeAll { $0.sequence == sequence } }
        pump(now: now, into: actions)
    }

    /// The peer shut its sending side: answer what was received, then close.
    mutating func inputClosed(now: ContinuousClock.Instant) -> [Action] {
        collect { $0.inputClosed(now: now, into: $1) }
    }

    /// `inputClosed(now:)`, appending the actions to the caller's queue.
    mutating func inputClosed(now: ContinuousClock.Instant, into actions: ActionQueue) {
        guard !isClosed else { return }
        inputEnded = true
        pump(now: Moment(now), into: actions)
    }

    /// How long an idle connection stays open once draining began, so that a request already
    /// on its way (or sitting unread in the socket) is answered, with `Connection: close`, rather
    /// than cut: HTTP/1.1 cannot tell a client to stop sending first.
    static let drainQuietTime: Duration = .milliseconds(500)

    /// The server is shutting down: finish the request in progress, mark the last response
    /// `Connection: close`, close an idle connection once it stayed quiet for `drainQuietTime`.
    mutating func startDraining(now: ContinuousClock.Instant) -> [Action] {
        collect { $0.startDraining(now: now, into: $1) }
    }

    /// `startDraining(now:)`, appending the actions to the caller's queue.
    mutating func startDraining(now: ContinuousClock.Instant, into actions: ActionQueue) {
        guard !isClosed, !isDraining else { return }
        isDraining = true
        idleSince = Moment(now)
        pump(now: Moment(now), into: actions)
    }

    /// Checks the deadlines: a slow head or body gets 408 and close; an idle connection is closed.
    /// None applies while responses are pending or the peer is not reading them (the writer's concern).
    mutating func tick(now: ContinuousClock.Instant) -> [Action] {
        collect { $0.tick(now: now, into: $1) }
    }

    /// `tick(now:)`, appending the actions to the caller's queue.
    mutating func tick(now instant: ContinuousClock.Instant, into actions: ActionQueue) {
        guard !isClosed, slots.isEmpty, isWritable else { return }
        let now = Moment(instant)
        let limit = configuration.timeouts.requestHead
        if memoryWaitSince != nil { pump(now: now, into: actions) }  // tries the admission again first
        if let since = memoryWaitSince, now >= since + configuration.memoryWait {
            refuseForMemory(now: now)
        } else if let partial, now >= partial.headEndedAt + limit {
            refuse(.requestTimeout, "The request body was not received in time.", now: now)
        } else if partial == nil, parser.isMidRequest, let started = requestStartedAt, now >= started + limit {
            refuse(.requestTimeout, "The request head was not received in time.", now: now)
        } else if !parser.isMidRequest, now >= idleSince + configuration.timeouts.idle {
            isClosed = true
            actions.append(.close)
            return
        } else if isDraining, partial == nil, !parser.isMidRequest, now >= idleSince + Self.drainQuietTime {
            isClosed = true
            actions.append(.close)
            return
        }
        pump(now: now, into: actions)
    }

    /// The actions `body` appends to a fresh queue, as an array (the tests' and rare events' API).
    mutating func collect(_ body: (inout Self, ActionQueue) -> Void) -> [Action] {
        let actions = ActionQueue(capacity: 4)
        body(&self, actions)
        return actions.drain()
    }
}
