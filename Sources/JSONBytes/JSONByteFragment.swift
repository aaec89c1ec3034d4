/// Unchecked writing into room a `JSONByteWriter` has reserved (`fragment(reserving:_:)`):
/// constant text and numbers one after another, with no bounds check, comma or state per
/// call. A frame (`{"x":…,"y":…,"width":…,"height":…}`) or a whole array of keyframes is one
/// reservation and one pass, where member-by-member writing makes a call, a bounds check and a
/// comma decision per key and per value.
///
/// The caller spells the JSON (its keys need no escaping, commas and brackets are its own)
/// and reserves enough: `JSONByteWriter.numberMaximumLength` per number plus the text's length.
public struct JSONByteFragment {
    @usableFromInline let output: UnsafeMutablePointer<UInt8>
    /// Bytes written so far.
    @usableFromInline var count = 0

    @usableFromInline init(output: UnsafeMutablePointer<UInt8>) {
        self.output = output
    }

    /// `text` as is (`{"x":`, `,"y":`, `}`): JSON that needs no escaping. A `StaticString` is
    /// UTF-8 already; inlined, its length is a constant and the copy a few moves.
    @inlinable @inline(__always)
    public mutating func text(_ text: StaticString) {
        if text.hasPointerRepresentation {
            let length = text.utf8CodeUnitCount
            UnsafeMutableRawPointer(output + count).copyMemory(from: text.utf8Start, byteCount: length)
            count &+= length
        } else {
            // A one-character literal is held as its scalar, not as a pointer.
            output[count] = UInt8(truncatingIfNeeded: text.unicodeScalar.value)
            count &+= 1
        }
    }

    /// `value` as `JSONByteWriter.number(_: Double)` writes it.
    @inlinable @inline(__always)
    public mutating func number(_ value: Double) {
        count &+= JSONByteWriter.writeJSONNumber(value, into: output + count)
    }

    /// `value` as `JSONByteWriter.number(_: Int)` writes it.
    @inlinable @inline(__always)
    public mutating func number(_ value: Int) {
        count &+= JSONByteWriter.writeJSONInteger(value, into: output + count)
    }
}
