extension UnsafePointer {
    /// The value the optional at this address wraps, read in place; `nil` when it holds none.
    ///
    /// The fast path reads a few fields of optional structs stored in the input (a status's
    /// `retweeted`, the variants of a `pic_infos` entry) through it, where
    /// `pointer.pointee.slot?.field` copies the whole wrapped struct to read one field.
    ///
    /// Sound because `Optional` is a single-payload enum: Swift's type layout (docs/ABI/
    /// TypeLayout.rst, "Single-Payload Enums") stores a present payload unchanged at offset 0,
    /// the case in the payload's spare bits or in a tag after it; the `nil` test reads only that.
    @inline(__always)
    func unwrapped<Wrapped>() -> UnsafePointer<Wrapped>? where Pointee == Wrapped? {
        guard pointee != nil else { return nil }
        return UnsafeRawPointer(self).assumingMemoryBound(to: Wrapped.self)
    }
}
