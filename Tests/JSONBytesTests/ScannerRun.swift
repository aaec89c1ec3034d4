import JSONBytes

/// What reading a whole document gave: the value `read` made of it (or the syntax error), the
/// values skipped by token masks, and the objects gathered in one walk.
struct ScannerRun {
    var read: Result<String, JSONSyntaxError>
    var skippedByTokens: Int
    var gathered: Int

    /// Runs `read` over the whole of `bytes` (then nothing may follow), with stage 1's token
    /// masks or byte by byte, and keeps the scanner's counters as they were when it returned.
    init(
        _ bytes: [UInt8], withTokens: Bool,
        _ read: (inout JSONScanner) throws(JSONSyntaxError) -> String
    ) {
        var skipped = 0
        var gathered = 0
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) -> String in
                func whole(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> String {
                    defer { (skipped, gathered) = (scanner.valuesSkippedByTokens, scanner.objectsGathered) }
                    let text = try read(&scanner)
                    try scanner.finish()
                    return text
                }
                if withTokens {
                    return try JSONScanner.withTokens(buffer) { scanner throws(JSONSyntaxError) in try whole(&scanner) }
                }
                var scanner = try JSONScanner(buffer)
                return try whole(&scanner)
            }
        }
        self.read = result
        self.skippedByTokens = skipped
        self.gathered = gathered
    }
}

extension JSONScanner {
    /// Skips the value at the position and returns its bytes as text, without the whitespace
    /// that a skip by the token masks leaves consumed after it.
    mutating func skippedValueText() throws(JSONSyntaxError) -> String {
        let start = position
        try skipValue()
        var end = position
        while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
    }
}
