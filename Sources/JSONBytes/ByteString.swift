/// A string held as its UTF-8 bytes: usually a slice of a document's bytes (no copy, no
/// `String`), or, for a JSON string with escapes, its decoded bytes.
///
/// The layout's hot path keeps URLs and pids in this form from the reader to the writer
/// (`JSONByteWriter.string(_:)` copies them into the output once). Equality is `String`'s
/// (Unicode canonical equivalence), so that a model holding these compares as one holding
/// `String`s did: byte for byte when both are ASCII, through `String` otherwise. The hash is
/// `String`'s too, for the same reason (it builds a `String`: not for hot paths).
public struct ByteString: Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The bytes, valid UTF-8.
    public var utf8: ArraySlice<UInt8>

    /// The string of `utf8`, which must be valid UTF-8 (the scanner validated it).
    public init(utf8: ArraySlice<UInt8>) {
        self.utf8 = utf8
    }

    /// A copy of `string`'s UTF-8.
    public init(_ string: String) {
        utf8 = ArraySlice(string.utf8)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The bytes as a `String` (built on each call).
    public var description: String { String(decoding: utf8, as: UTF8.self) }

    @inlinable
    public var isEmpty: Bool { utf8.isEmpty }

    /// Whether every byte is ASCII (each byte then is one Character, except CR LF).
    /// Inlinable, as the other byte tests here: the rules call them once per URL and pid.
    @inlinable
    public var isASCII: Bool {
        utf8.withUnsafeBufferPointer(Self.isASCII)
    }

    /// Whether `left` and `right` hold the same bytes, compared eight at a time.
    @inlinable
    package static func sameBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let first = left.baseAddress, let second = right.baseAddress else { return true }
        let count = left.count
        var index = 0
        while index &+ 8 <= count {
            let a = UnsafeRawPointer(first).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let b = UnsafeRawPointer(second).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            guard a == b else { return false }
            index &+= 8
        }
        while index < count {
            guard first[index] == second[index] else { return false }
            index &+= 1
        }
        return true
    }

    /// Whether every byte of `bytes` is ASCII, eight at a time.
    @inlinable
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var union: UInt64 = 0
        var index = 0
        while index &+ 8 <= bytes.count {
            union |= UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        while index < bytes.count {
            union |= UInt64(base[index])
            index &+= 1
        }
        return union & 0x8080_8080_8080_8080 == 0
    }
}

extension ByteString: Hashable {
    @inlinable
    public static func == (lhs: ByteString, rhs: ByteString) -> Bool {
        let verdict = lhs.utf8.withUnsafeBufferPointer { left in
            rhs.utf8.withUnsafeBufferPointer { right -> Bool? in
                if sameBytes(left, right) { return true }
                // Different bytes can only be equal Strings when one of them is not ASCII.
                return isASCII(left) && isASCII(right) ? false : nil
            }
        }
        return verdict ?? (lhs.description == rhs.description)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
