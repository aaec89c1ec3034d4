import Foundation

/// The `Date` header value (IMF-fixdate, RFC 9110 §5.6.7), formatted once per second.
struct HTTPDateCache: Sendable {
    private var second = -1
    private(set) var bytes: [UInt8] = []

    /// The value for the current second.
    mutating func current() -> [UInt8] {
        refresh()
        return bytes
    }

    /// Brings `bytes` to the current second; returns that second (since the epoch), so that a
    /// caller can tell when to remake what it built from `bytes`.
    @discardableResult
    mutating func refresh() -> Int {
        let now = time(nil)
        if now != second {
            second = now
            bytes = Self.format(now)
        }
        return now
    }

    /// Appends the value for the current second to `buffer` (no allocation: `current()` shares
    /// the cached array).
    mutating func append(to buffer: inout [UInt8]) {
        buffer.append(contentsOf: current())
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for `seconds` since the epoch.
    static func format(_ seconds: Int) -> [UInt8] {
        var clock = seconds
        var parts = tm()
        gmtime_r(&clock, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text =
            "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):"
            + "\(twoDigits(parts.tm_sec)) GMT"
        return Array(text.utf8)
    }
}
