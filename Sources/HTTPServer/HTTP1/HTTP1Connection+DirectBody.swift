extension HTTP1Connection {
    /// Whether no byte of a next request was received yet (the parser holds nothing): the
    /// caller's next read may be a short one, sized for a head, so that a large body behind it
    /// is read straight into its buffer (`directBodyCapacity`) rather than through the caller's.
    var isBetweenRequests: Bool {
        mutating get { !parser.isMidRequest }
    }

    /// How many bytes the caller may read straight into the current request's body with
    /// `receiveBody(now:from:)`: the rest of a Content-Length body while no byte waits before
    /// it and the machine takes input, else 0 (then read into a buffer and call `received`).
    var directBodyCapacity: Int {
        mutating get {
            guard !isClosed, !readingStopped, isWritable else { return 0 }
            return parser.directBodyCapacity
        }
    }

    /// Lets `read` write up to `directBodyCapacity` bytes straight into the body (a socket
    /// `read(2)` into the region it is given), then acts as `received` would have for the same
    /// bytes. Returns what `read` returned (0 or less: nothing was received, nothing changed; the
    /// caller handles end of input or the error) and the actions.
    mutating func receiveBody(
        now: ContinuousClock.Instant, from read: (UnsafeMutableRawBufferPointer) -> Int
    ) -> (count: Int, actions: [Action]) {
        var count = 0
        let actions = collect { count = $0.receiveBody(now: now, into: $1, from: read) }
        return (count, actions)
    }

    /// `receiveBody(now:from:)`, appending the actions to the caller's queue; returns what
    /// `read` returned.
    mutating func receiveBody(
        now: ContinuousClock.Instant, into actions: ActionQueue, from read: (UnsafeMutableRawBufferPointer) -> Int
    ) -> Int {
        guard directBodyCapacity > 0 else { return 0 }
        let count = parser.receiveBody(read)
        guard count > 0 else { return count }
        pump(now: Moment(now), into: actions)
        return count
    }
}
