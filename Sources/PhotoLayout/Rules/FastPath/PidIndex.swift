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
        return search(pid, base, guess: guess)
    }

    /// The first key equal to the pid, by the tails.
    /// The guess is still the answer when it is the pid as a string in other bytes (either has
    /// a byte that is not ASCII), as `WeiboPictureInfos.index(of:guess:)` decides.
    private mutating func search(_ pid: UnsafePointer<ByteString>, _ base: UnsafePointer<ByteString>, guess: Int)
        -> Int?
    {
        if !gathered { gather(base) }
        let (wanted, isASCII) = pid.pointee.utf8.span.withUnsafeBufferPointer { Self.tailAndASCII(of: $0) }
        if guess < keys.count, !isASCII || nonASCII & (1 << UInt32(guess)) != 0,
            pid.pointee == (base + guess).pointee
        {
            return guess
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
                let (tail, isASCII) = Self.tailAndASCII(of: bytes)
                tails[index] = tail
                if !isASCII { nonASCII |= 1 << UInt32(index) }
            }
        }
        gathered = true
    }

    /// The last eight bytes as a word (fewer, zero-extended, for a shorter string), and whether
    /// every byte is ASCII. A pid (Weibo's are 32 bytes) is read as four words, the last one
    /// overlapping, without a loop.
    @inline(__always)
    private static func tailAndASCII(of bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, Bool) {
        guard let start = bytes.baseAddress else { return (0, true) }
        let count = bytes.count
        guard count >= 8 else {
            var word: UInt64 = 0
            for byte in bytes { word = word << 8 | UInt64(byte) }
            return (word, ByteString.isASCII(bytes))
        }
        let raw = UnsafeRawPointer(start)
        let tail = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        guard count <= 32 else { return (tail, ByteString.isASCII(bytes)) }
        let union =
            raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: min(8, count &- 8), as: UInt64.self)
            | raw.loadUnaligned(fromByteOffset: min(16, count &- 8), as: UInt64.self) | tail
        return (tail, union & 0x8080_8080_8080_8080 == 0)
    }

    /// Whether the two strings hold the same bytes, in place: the last eight first (where two
    /// pids of one user differ; their first bytes are often the same), then the rest, as four
    /// words (the last overlapping) for a string of 8 to 32 bytes.
    @inline(__always)
    static func sameBytes(_ left: UnsafePointer<ByteString>, _ right: UnsafePointer<ByteString>) -> Bool {
        left.pointee.utf8.span.withUnsafeBufferPointer { first in
            right.pointee.utf8.span.withUnsafeBufferPointer { second in
                let count = first.count
                guard count == second.count else { return false }
                guard count >= 8, let a = first.baseAddress, let b = second.baseAddress else {
                    return ByteString.sameBytes(first, second)
                }
                let x = UnsafeRawPointer(a)
                let y = UnsafeRawPointer(b)
                let end = count &- 8
                guard
                    x.loadUnaligned(fromByteOffset: end, as: UInt64.self)
                        == y.loadUnaligned(fromByteOffset: end, as: UInt64.self)
                else { return false }
                guard count <= 32 else { return ByteString.sameBytes(first, second) }
                let middle = min(8, end)
                let late = min(16, end)
                return x.loadUnaligned(as: UInt64.self) == y.loadUnaligned(as: UInt64.self)
                    && x.loadUnaligned(fromByteOffset: middle, as: UInt64.self)
                        == y.loadUnaligned(fromByteOffset: middle, as: UInt64.self)
                    && x.loadUnaligned(fromByteOffset: late, as: UInt64.self)
                        == y.loadUnaligned(fromByteOffset: late, as: UInt64.self)
            }
        }
    }
}
