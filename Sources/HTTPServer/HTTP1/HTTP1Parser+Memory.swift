/// Bodies are charged to the memory budget before they are allocated: a Content-Length body
/// whole, once its head is read; a chunked body in growing steps as its chunks arrive. A
/// charge the budget refuses leaves the parser waiting (`isAwaitingMemory`): it takes no body
/// byte, each `next()` tries again, and the connection stops reading meanwhile.
extension HTTP1Parser {
    /// The smallest step a chunked body's charge grows by.
    static let chunkedChargeStep = 16 * 1024

    /// True while the body needs a charge the budget did not grant yet.
    var isAwaitingMemory: Bool { awaitedMemory > 0 }

    /// Charges and allocates the Content-Length body of `count` bytes; false (waiting, nothing
    /// allocated) when the budget cannot take it.
    mutating func admitLengthBody(count: Int) -> Bool {
        if let memory {
            guard let charge = memory.charge(count, .bodies) else {
                awaitedMemory = count
                return false
            }
            bodyCharge = charge
        }
        awaitedMemory = 0
        body = Self.unfilledBody(count: count)
        return true
    }

    /// Makes the chunked body's charge cover `needed` bytes, growing it (and the body's
    /// capacity with it) by at least doubling, up to the body limit; false (waiting) when the
    /// budget cannot take the step.
    mutating func chargeChunkedBody(upTo needed: Int) -> Bool {
        guard let memory else { return true }
        let charged = bodyCharge?.bytes ?? 0
        guard needed > charged else { return true }
        let target = min(limits.maxBodyBytes, max(needed, 2 * charged, Self.chunkedChargeStep))
        if let bodyCharge {
            guard bodyCharge.grow(by: target - charged) else {
                awaitedMemory = target - charged
                return false
            }
        } else {
            guard let charge = memory.charge(target, .bodies) else {
                awaitedMemory = target
                return false
            }
            bodyCharge = charge
        }
        awaitedMemory = 0
        body.reserveCapacity(target)
        return true
    }

    /// The charge of the body `takeEnd` (or `next()`'s `.end`) just handed out, to travel with it.
    mutating func takeBodyCharge() -> MemoryCharge? {
        bodyCharge.take()
    }

    /// Frees the body being read and its charge: the request was refused.
    mutating func dropBody() {
        body = []
        bodyCharge = nil
        awaitedMemory = 0
    }
}
