/// CRC-32 as zlib's `crc32` computes it (ISO-HDLC: reflected polynomial 0xEDB88320, initial
/// value and final XOR 0xFFFFFFFF), table-driven, in Swift so that the core stays
/// Foundation-only: Weibo's image host for a pid is chosen by it (`PidURLs`).
package enum CRC32 {
    /// The 256 remainders of one byte.
    static let table: [UInt32] = (0..<256).map { byte in
        var remainder = UInt32(byte)
        for _ in 0..<8 {
            remainder = remainder & 1 == 1 ? (remainder >> 1) ^ 0xEDB8_8320 : remainder >> 1
        }
        return remainder
    }

    /// The checksum of `bytes` (`0` for none).
    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
