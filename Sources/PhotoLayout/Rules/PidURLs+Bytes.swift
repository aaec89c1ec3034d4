import JSONBytes

/// The pid rules on `ByteString`s, the timeline's path: the same URLs and GIF test as the
/// `String` entry points, built as bytes.
extension PidURLs {
    /// Whether the pid names a GIF: its 22nd Unicode scalar is `g`.
    package static func isGIF(_ pid: ByteString) -> Bool {
        withUnsafePointer(to: pid) { isGIF(at: $0) }
    }

    /// `isGIF` of the pid at `pid`, read in place.
    @inline(__always)
    static func isGIF(at pid: UnsafePointer<ByteString>) -> Bool {
        // Fewer than 22 bytes are fewer than 22 scalars. ASCII bytes are scalars one for one:
        // the 22nd byte decides when the first 22 are ASCII.
        let verdict = pid.pointee.utf8.span.withUnsafeBufferPointer { bytes -> Bool? in
            guard bytes.count >= 22, let base = bytes.baseAddress else { return false }
            // The first 22 bytes as three words (the last two overlap), tested for a high bit at once.
            let raw = UnsafeRawPointer(base)
            let union =
                raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: 14, as: UInt64.self)
            guard union & 0x8080_8080_8080_8080 == 0 else { return nil }
            return base[21] == UInt8(ascii: "g")
        }
        return verdict ?? isGIFOfUnicode(pid.pointee.description)
    }

    /// `https://wx{k}.sinaimg.cn/{size}/{pid}.{jpg|gif}` as bytes.
    package static func url(of pid: ByteString, size: URLVariants.Target, isGIF: Bool) -> ByteString {
        let host = UInt8(ascii: "1") + UInt8(CRC32.checksum(pid.utf8) % 4)
        var url: [UInt8] = []
        url.reserveCapacity(pid.utf8.count + 40)
        url.append(contentsOf: "https://wx".utf8)
        url.append(host)
        url.append(contentsOf: ".sinaimg.cn/".utf8)
        url.append(contentsOf: size.rawValue.utf8)
        url.append(UInt8(ascii: "/"))
        url.append(contentsOf: pid.utf8)
        url.append(contentsOf: (isGIF ? ".gif" : ".jpg").utf8)
        return ByteString(utf8: url[...])
    }

    /// The picture a pid alone describes: its three derived URLs, GIF by the pid, size unknown.
    package static func picture(pid: ByteString) -> Picture {
        let gif = isGIF(pid)
        return Picture(
            thumbnail: url(of: pid, size: .thumbnail, isGIF: gif),
            bmiddle: url(of: pid, size: .bmiddle, isGIF: gif),
            large: url(of: pid, size: .large, isGIF: gif),
            kind: gif ? .gif : .image
        )
    }
}
