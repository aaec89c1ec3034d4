import JSONBytes

/// Finds each pid of a status's `pic_ids` among the keys of its `pic_infos` (at most 32 of
/// them), as strings (`ByteString ==`), comparing bytes in place.
///
/// The pid's own index is tried first: m.weibo.cn and the Open API list both in one order. The
/// client API lists `pic_infos` in hash order (a nine-picture grid's keys are a permutation), so
/// on the first miss of a grid the keys' last eight bytes (the random end of a pid) are gathered
/// into `tails`, one word a key, with a bit for each key that is not ASCII; each later miss
/// scans words, and confirms a match byte for byte. Equal strings are equal bytes when both
/// are ASCII; a pair with another byte (Unicode equivalence: equal strings in different bytes)
/// takes `==`.
struct PidIndex {
    private let keys: UnsafeBufferPointer<ByteString>
    private let tails: UnsafeMutableBufferPointer<UInt64>
    private var gathered = false
    /// Bit `i` set: key `i` has a byte that is not ASCII.
    private var nonASCII: UInt32 = 0

    /// The index over `keys` (at most 32), with `tails` as room for one word a key.
    init(keys: UnsafeBufferPointer<ByteString>, tails: UnsafeMutableBufferPointer<UInt64>) {
        precondition(keys.count <= 32 && tails.count >= keys.count)
        self.keys = keys
        self.tails = tails
    }

    /// The index of the key equal to the pid at `pid`: the one at `guess` when its bytes are the
    /// pid's, else the first equal string.
    @inline(__always)
    mutating func index(of pid: UnsafePointer<ByteString>, guess: Int) -> Int? {
        guard let base = keys.baseAddress else { return nil }
        if guess < keys.count, Self.sameBytes(pid, base + guess) { return guess }
        return search(pid, base)
    }

    /// The first key equal to the pid, by the tails.
    private mutating func search(_ pid: UnsafePointer<ByteString>, _ base: UnsafePointer<ByteString>) -> Int? {
        if !gathered { gather(base) }
        let (wanted, isASCII) = pid.pointee.utf8.span.withUnsafeBufferPointer {
            (Self.tail(of: $0), ByteString.isASCII($0))
        }
        guard isASCII else {
            // Any key may be this pid in other bytes.
            return keys.indices.first { pid.pointee == (base + $0).pointee }
        }
        for index in keys.indices {
            if nonASCII & (1 << UInt32(index)) != 0 {
                if pid.pointee == (base + index).pointee { return index }
            } else if tails[index] == wanted, Self.sameBytes(pid, base + index) {
                return index
            }
        }
        return nil
    }

    /// Fills `tails` and `nonASCII` from the keys.
    private mutating func gather(_ base: UnsafePointer<ByteString>) {
        for index in keys.indices {
            (base + index).pointee.utf8.span.withUnsafeBufferPointer { bytes in
                tails[index] = Self.tail(of: bytes)
                if !ByteString.isASCII(bytes) { nonASCII |= 1 << UInt32(index) }
            }
        }
        gathered = true
    }

    /// The last eight bytes as a word (fewer, zero-extended, for a shorter string).
    @inline(__always)
    private static func tail(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let start = bytes.baseAddress else { return 0 }
        if bytes.count >= 8 { return UnsafeRawPointer(start + (bytes.count &- 8)).loadUnaligned(as: UInt64.self) }
        var word: UInt64 = 0
        for byte in bytes { word = word << 8 | UInt64(byte) }
        return word
    }

    /// Whether the two strings hold the same bytes, in place: the last eight first (where two
    /// pids of one user differ; their first bytes are often the same), then all.
    @inline(__always)
    static func sameBytes(_ left: UnsafePointer<ByteString>, _ right: UnsafePointer<ByteString>) -> Bool {
        left.pointee.utf8.span.withUnsafeBufferPointer { first in
            right.pointee.utf8.span.withUnsafeBufferPointer { second in
                guard first.count == second.count else { return false }
                if first.count >= 8, let a = first.baseAddress, let b = second.baseAddress {
                    let end = first.count &- 8
                    guard
                        UnsafeRawPointer(a + end).loadUnaligned(as: UInt64.self)
                            == UnsafeRawPointer(b + end).loadUnaligned(as: UInt64.self)
                    else { return false }
                }
                return ByteString.sameBytes(first, second)
            }
        }
    }
}
