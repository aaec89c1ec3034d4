import JSONBytes

/// Pictures known by their pid alone (docs/API.md §3): URLs derived as Weibo's own web client does,
/// `https://wx{k}.sinaimg.cn/{size}/{pid}.{ext}` with k = CRC-32(pid's UTF-8) mod 4 + 1, and
/// GIF told by the pid itself (`g` at index 21).
package enum PidURLs {
    /// The image host of `pid`: `wx1` … `wx4.sinaimg.cn`.
    package static func host(of pid: String) -> String {
        "wx\(CRC32.checksum(pid.utf8) % 4 + 1).sinaimg.cn"
    }

    /// Whether the pid names a GIF: its 22nd character (index 21, counted in Unicode
    /// scalars) is `g`.
    package static func isGIF(_ pid: String) -> Bool {
        isGIF(ByteString(pid))
    }

    /// `isGIF` counted in Unicode scalars, for pids with non-ASCII bytes.
    static func isGIFOfUnicode(_ pid: String) -> Bool {
        let scalars = pid.unicodeScalars
        guard let index = scalars.index(scalars.startIndex, offsetBy: 21, limitedBy: scalars.endIndex),
            index < scalars.endIndex
        else { return false }
        return scalars[index] == "g"
    }

    /// The URL of `pid` at `size` (`thumbnail`, `bmiddle`, `large`).
    package static func url(of pid: String, size: URLVariants.Target) -> String {
        let bytes = ByteString(pid)
        return url(of: bytes, size: size, isGIF: isGIF(bytes)).description
    }

    /// The picture a pid alone describes: its three derived URLs, GIF by the pid, size unknown.
    package static func picture(pid: String) -> Picture {
        picture(pid: ByteString(pid))
    }
}
