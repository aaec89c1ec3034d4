internal import CNghttp2

/// Request bodies against the memory budget, and flow control that follows it: nghttp2 sends
/// no WINDOW_UPDATE by itself (`nghttp2_option_set_no_auto_window_update`); the session gives
/// window back (`nghttp2_session_consume`) for DATA it charged and kept while the connection's
/// unfinished bodies are at most `maxConnectionBodyBytes`, for the rest once bodies are handed
/// out or freed, and at once for DATA it dropped. So a peer can have no more body bytes in
/// flight than its windows, which are only refilled as the budget admits what came.
///
/// Invariants: `heldBodyBytes` is the sum of the bodies of streams not yet handed out;
/// `deferredWindow` the sum of their `unconsumed`; every DATA byte received is consumed once.
extension HTTP2Session {
    /// Whether a new stream with a body may open: the connection holds less than its cap of
    /// unfinished bodies and the budget has room for a window's worth of body.
    func hasRoomForBody() -> Bool {
        guard heldBodyBytes < configuration.maxConnectionBodyBytes else { return false }
        guard let memory = configuration.memory else { return true }
        let window = min(Int(configuration.initialWindowSize), configuration.limits.maxBodyBytes)
        return memory.availableBytes >= window
    }

    /// Makes the stream's charge cover `needed` bytes, growing it (and the body's capacity) by
    /// at least doubling, up to the body limit; false when the budget cannot take the step.
    func chargeBody(of stream: HTTP2Stream, upTo needed: Int) -> Bool {
        guard let memory = configuration.memory else { return true }
        let charged = stream.bodyCharge?.bytes ?? 0
        guard needed > charged else { return true }
        let target = min(configuration.limits.maxBodyBytes, max(needed, 2 * charged, HTTP1Parser.chunkedChargeStep))
        if let charge = stream.bodyCharge {
            guard charge.grow(by: target - charged) else { return false }
        } else {
            guard let charge = memory.charge(target, .bodies) else { return false }
            stream.bodyCharge = charge
        }
        stream.body.reserveCapacity(target)
        return true
    }

    /// Frees the body a stream was receiving (refused, expired, reset), or forgets the one it
    /// handed out, and gives back the window its DATA still held.
    func releaseBody(of stream: HTTP2Stream, streamID: Int32) {
        heldBodyBytes -= stream.body.count
        if stream.body.capacity != 0 { stream.body = [] }  // (an empty one has no storage to free)
        stream.bodyCharge = nil
        if stream.unconsumed > 0 {
            consume(stream.unconsumed, streamID: streamID)
            deferredWindow -= stream.unconsumed
            stream.unconsumed = 0
        }
    }

    /// Gives back the window of DATA kept past the cap, oldest stream first, while the
    /// connection's unfinished bodies are under the cap.
    func grantDeferredWindow() {
        guard deferredWindow > 0, heldBodyBytes < configuration.maxConnectionBodyBytes else { return }
        for (streamID, stream) in streams.entries.sorted(by: { $0.id < $1.id }) where stream.unconsumed > 0 {
            consume(stream.unconsumed, streamID: streamID)
            deferredWindow -= stream.unconsumed
            stream.unconsumed = 0
        }
    }

    /// Tells nghttp2 that `count` DATA bytes of `streamID` were consumed: their window goes
    /// back to the peer (stream and connection; the connection alone once the stream is gone).
    func consume(_ count: Int, streamID: Int32) {
        guard let session, count > 0 else { return }
        _ = nghttp2_session_consume(session, streamID, count)
    }
}
