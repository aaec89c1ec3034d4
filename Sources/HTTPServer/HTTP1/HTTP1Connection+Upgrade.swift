extension HTTP1Connection {
    /// Whether `sequence` is the only request received and nothing follows it yet: the
    /// connection may switch protocols after answering it.
    /// (`mutating` only so that the event loop's call does not copy the machine: see `wantsInput`.)
    mutating func mayUpgrade(after sequence: Int) -> Bool {
        // `slots[0].sequence`, not `slots.first?.sequence`, which copied the whole slot.
        slots.count == 1 && slots[0].sequence == sequence && hasNoPartialRequest && !isDraining
    }

    /// Bytes received after the last parsed request, for the protocol that takes over.
    var unparsedInput: [UInt8] {
        Array(parser.buffer[parser.readIndex...])
    }
}
