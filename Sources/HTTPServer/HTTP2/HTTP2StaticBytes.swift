/// The response header names the server writes itself, in lower case, and the three digits of
/// every number 0–999 (the `:status` values, short `content-length` values), in one allocation made once and never freed: nghttp2 may point at them
/// instead of copying them (`NGHTTP2_NV_FLAG_NO_COPY_NAME`/`NO_COPY_VALUE` need bytes that
/// outlive the HEADERS frame, which these do, for the life of the process).
enum HTTP2StaticBytes {
    /// A name in `storage`.
    enum Name: Int {
        case status, server, date, contentLength, xRequestID

        /// Its offset in `storage` and its length.
        var span: (offset: Int, count: Int) {
            switch self {
            case .status: (0, 7)  // ":status"
            case .server: (7, 6)  // "server"
            case .date: (13, 4)  // "date"
            case .contentLength: (17, 14)  // "content-length"
            case .xRequestID: (31, 12)  // "x-request-id"
            }
        }
    }

    private static let names = ":status" + "server" + "date" + "content-length" + "x-request-id"
    /// Where the numbers 0–999 begin, three digits each (zero-padded).
    private static let codesOffset = 43
    static let codes = 0...999

    /// The bytes: the names, then the numbers. Never freed, never written after it is filled;
    /// nonisolated(unsafe) because a pointer is not Sendable, though it only is read.
    nonisolated(unsafe) static let storage: UnsafeMutablePointer<UInt8> = {
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: codesOffset + 3 * codes.count)
        var end = 0
        for byte in names.utf8 {
            storage[end] = byte
            end += 1
        }
        for code in codes {
            storage[end] = UInt8(ascii: "0") + UInt8(code / 100)
            storage[end + 1] = UInt8(ascii: "0") + UInt8(code / 10 % 10)
            storage[end + 2] = UInt8(ascii: "0") + UInt8(code % 10)
            end += 3
        }
        return storage
    }()

    /// The start of `name`.
    static func pointer(to name: Name) -> UnsafeMutablePointer<UInt8> {
        storage + name.span.offset
    }

    /// The three digits of `code` (which must be in `codes`), zero-padded: a `:status` value,
    /// or, past its leading zeros, a short number's decimal digits.
    static func pointer(toCode code: Int) -> UnsafeMutablePointer<UInt8> {
        storage + codesOffset + 3 * (code - codes.lowerBound)
    }
}
