import JSONBytes

/// A Weibo status inside another request (the photo browser's `status`), read by the very
/// code that reads a timeline's statuses: lenient in the same way, so a status gives the
/// browser the pictures it gives the grid.
extension ByteTimelineReader {
    /// The status object at the scanner's position (its `{`), with its retweet.
    package static func readSingleStatus(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboStatus {
        try readStatus(&scanner)
    }
}
