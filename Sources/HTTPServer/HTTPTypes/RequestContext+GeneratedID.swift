extension RequestContext {
    /// The request ID the server makes when the client sent none: `<prefix>-<number>`, for
    /// HTTP/1.1 and HTTP/2 alike. Written into stack memory and made a String once, without
    /// string interpolation or `Int.description` (a short ID is a small string: no allocation).
    static func generatedID(prefix: String, number: Int) -> String {
        let capacity = prefix.utf8.count + 21  // "-" and at most 20 digits
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room in
            var end = 0
            for byte in prefix.utf8 {
                room[end] = byte
                end += 1
            }
            room[end] = UInt8(ascii: "-")
            end += 1
            var rest = UInt(bitPattern: number)
            var digits = 0
            repeat {
                digits += 1
                rest /= 10
            } while rest > 0
            rest = UInt(bitPattern: number)
            for position in stride(from: end + digits - 1, through: end, by: -1) {
                room[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            end += digits
            return String(decoding: UnsafeBufferPointer(rebasing: room[..<end]), as: UTF8.self)
        }
    }
}
