/// What an HTTP/2 session keeps about one request stream, from its HEADERS to its close.
/// A class, so nghttp2's many callbacks per stream update it in place. Not Sendable: it
/// lives in its session, on one event loop's thread.
final class HTTP2Stream {
    var method: String?
    var target: String?
    var authority: String?
    var headers = HTTPHeaders()
    /// The request's `User-Agent`, kept for the access log once `headers` are handed out.
    var userAgent: String?
    /// RFC 9113 §6.5.2's measure: each field's name and value plus 32.
    var headerListSize = 0
    var body: [UInt8] = []
    /// Header name and value bytes plus DATA payload received.
    var bytesIn = 0
    let receivedAt: ContinuousClock.Instant
    /// When its header block ended (the body deadline runs from there), nil before.
    var headEndedAt: ContinuousClock.Instant?
    /// The client finished sending (END_STREAM received).
    var requestEnded = false
    /// Answered before the request was read whole (413, 431): further input is dropped and
    /// the stream is reset once the answer is sent.
    var isRefused = false
    /// The request was handed out; its answer is awaited.
    var isDispatched = false
    var isHeadRequest = false
    /// Its response was submitted.
    var isAnswered = false
    /// The response body and how much of it the DATA frames carried so far.
    var responseBody: [UInt8] = []
    var responseOffset = 0

    init(receivedAt: ContinuousClock.Instant) {
        self.receivedAt = receivedAt
    }
}
