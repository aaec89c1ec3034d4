import JSONBytes
import Testing

@testable import PhotoLayout

/// `PidIndex` finds what `WeiboPictureInfos.index(of:guess:)` finds (the key at the guess when
/// its bytes are the pid's, else the first key equal as a string), for keys of every length
/// around its word tricks (under 8, 8 to 32, past 32 bytes), in shuffled orders, with keys that
/// are equal strings in other bytes (é precomposed and decomposed, K and the Kelvin sign).
struct PidIndexTests {
    /// Nine distinct ASCII keys of `length` bytes.
    static func keys(length: Int) -> [String] {
        (0..<9).map { index in
            var bytes: [UInt8] = []
            for position in 0..<length {
                let letter: Int = 97 + (position * 7 + index) % 26
                bytes.append(UInt8(letter))
            }
            // The last byte tells the keys apart even when the pattern repeats.
            bytes[length - 1] = UInt8(48 + index)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test(arguments: [1, 5, 7, 8, 9, 16, 22, 31, 32, 33, 40])
    func findsWhatTheStringLookupFinds(length: Int) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let keys = Self.keys(length: length).shuffled(using: &generator)
            let pids = Self.keys(length: length).shuffled(using: &generator) + ["absent"]
            Self.check(keys: keys, pids: pids)
        }
    }

    @Test func unicodeEquivalentKeys() {
        let precomposed = "\u{E9}x0123456789abcdefghij"
        let decomposed = "e\u{301}x0123456789abcdefghij"
        let kelvin = "\u{212A}0123456789abcdefghijklmn"
        let ascii = "K0123456789abcdefghijklmn"
        Self.check(keys: [decomposed, "b", precomposed], pids: [precomposed, decomposed, "b"])
        Self.check(keys: ["a", kelvin, ascii], pids: [ascii, kelvin, "a"])
        Self.check(keys: [ascii, "a", kelvin], pids: ["a", kelvin, ascii])
    }

    static func check(keys: [String], pids: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        var table = WeiboPictureInfos()
        for key in keys { table.append(pid: ByteString(key), info: WeiboPictureInfo()) }
        let keyBytes = keys.map { ByteString($0) }
        let pidBytes = pids.map { ByteString($0) }
        keyBytes.withUnsafeBufferPointer { keysIn in
            pidBytes.withUnsafeBufferPointer { pidBuffer in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: keys.count) { tails in
                    var index = PidIndex(keys: keysIn, tails: tails)
                    for guess in pidBuffer.indices {
                        let expected = table.index(of: pidBuffer[guess], guess: guess)
                        let found = index.index(of: pidBuffer.baseAddress! + guess, guess: guess)
                        #expect(found == expected, "\(pids[guess]) in \(keys)", sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }
}
