/// Whole values written in one reservation (`JSONByteFragment`), in compact output.
extension JSONByteWriter {
    /// The most bytes one number takes (`number(_: Double)` or `number(_: Int)`): what a
    /// fragment reserves for each. A literal, so that callers in other modules fold it: it is
    /// `CSD_MAXIMUM_LENGTH` (`numberMaximumCount`; a test keeps them equal).
    @inlinable
    public static var numberMaximumLength: Int { 32 }

    /// Whether the output is indented: indented output sorts each object's members, so it is
    /// written member by member (`key(_:)`), never as a fragment.
    @inlinable
    public var isIndented: Bool { indented }

    /// One complete value (an object, an array) written by `body` into room for `maximum`
    /// bytes, after the comma that is due: one bounds check for the whole value. Compact
    /// output only (`isIndented` false; checked in debug builds).
    @inlinable @inline(__always)
    public mutating func fragment(reserving maximum: Int, _ body: (inout JSONByteFragment) -> Void) {
        assert(!indented, "fragments are compact JSON: indented output is written member by member")
        write(reserving: maximum) { output in
            var fragment = JSONByteFragment(output: output)
            body(&fragment)
            assert(fragment.count <= maximum, "a fragment wrote past the room it reserved")
            return fragment.count
        }
        needsComma = true
    }
}
