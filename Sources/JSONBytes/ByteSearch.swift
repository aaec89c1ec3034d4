internal import CJSONStructural

/// Byte searches the rules make on URLs, through the C target's 16-byte compares
/// (`cjs_find_either_ascii`: SSE2 on x86-64, NEON on arm64, one byte at a time elsewhere).
/// PhotoLayout's URL rules call the C function themselves, inlined; this is its Swift face for
/// the other modules and the tests.
package enum ByteSearch {
    /// The index of the first byte of `bytes` that is `first` or `second` (`bytes.count` when
    /// there is none), and whether every byte is ASCII: one pass for both.
    package static func firstOfEither(
        _ first: UInt8, _ second: UInt8, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (index: Int, isASCII: Bool) {
        guard let base = bytes.baseAddress else { return (0, true) }
        var index = 0
        let isASCII = cjs_find_either_ascii(base, bytes.count, first, second, &index)
        return (index, isASCII != 0)
    }
}
