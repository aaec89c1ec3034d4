/// gzip on both sides of an exchange, in the one place HTTP/1.1 and HTTP/2 share (docs/API.md §8):
/// a gzip request body is inflated (held to the body limit: 413) before the responder sees it,
/// and an eligible response is deflated when the client accepts gzip. The zlib streams are
/// reused. Not Sendable: each event loop owns one and uses it on its queue.
final class HTTPContentCoder {
    /// Bodies shorter than this go uncompressed: the gzip framing would eat the gain.
    static let minimumCompressedSize = 1024

    let maxBodyBytes: Int
    /// How an operator sets `maxBodyBytes`, named in the 413 of a body inflated past it.
    let bodyLimitSetting: String?
    /// A handler's answer above this many bytes (before compression) is replaced by a 413.
    let maxResponseBytes: Int
    private let deflater = GzipDeflater()
    /// The headers `encode` was last given (with the status), what it made of them before any
    /// compression (Vary added or not) and whether the body may be compressed. A handler that
    /// answers with one shared response (`/healthz`) hands the same field storage every time:
    /// recognised by identity (`sharesFields`, sound because `given` keeps that storage alive,
    /// so no other array can have its address), its answer is reused instead of copying the
    /// shared headers to append `Vary` and reading the media type again. The response bytes
    /// are the same: this only skips recomputing a pure function of (status, headers). A fresh
    /// response pays for it with its fields copied, not appended to in place (retains of 2-3
    /// fields; the append grew the array anyway).
    private var lastHeaders: (status: Int, given: HTTPHeaders, encoded: HTTPHeaders, isEligible: Bool)?
    private let inflater = GzipInflater()

    init(maxBodyBytes: Int, maxResponseBytes: Int = .max, bodyLimitSetting: String? = nil) {
        self.maxBodyBytes = maxBodyBytes
        self.bodyLimitSetting = bodyLimitSetting
        self.maxResponseBytes = maxResponseBytes
    }

    /// Decodes the request, asks `responder`, holds the answer to `maxResponseBytes`, encodes
    /// it for the request's `Accept-Encoding`.
    func respond(to request: HTTPRequest, context: RequestContext, with responder: any HTTPResponder) -> HTTPResponse {
        respond(to: request, context: context, with: responder, unless: Self.neverCancelled)
            ?? .problem(ProblemDetails(status: .serviceUnavailable, detail: "The request was cancelled."))
    }

    /// The ticket of work answered inline, which nothing cancels (one, not one per request).
    private static let neverCancelled = WorkTicket()

    /// As `respond(to:context:with:)`, but nil as soon as `ticket` is cancelled: checked after
    /// inflating and after the responder, so a late result is dropped before it is compressed.
    func respond(
        to request: HTTPRequest, context: RequestContext, with responder: any HTTPResponder, unless ticket: WorkTicket
    ) -> HTTPResponse? {
        guard request.headers.contains(.contentEncoding) else {  // the usual case: no copy of the request
            return respondDecoded(to: request, context: context, with: responder, unless: ticket)
        }
        var request = request
        if let refusal = decode(&request, charge: ticket.memoryCharge) { return refusal }
        return respondDecoded(to: request, context: context, with: responder, unless: ticket)
    }

    /// The rest of `respond(to:context:with:unless:)`, once the body is decoded.
    private func respondDecoded(
        to request: HTTPRequest, context: RequestContext, with responder: any HTTPResponder, unless ticket: WorkTicket
    ) -> HTTPResponse? {
        guard !ticket.isCancelled else { return nil }
        var response = responder.respond(to: request, context: context)
        if response.body.count > maxResponseBytes {
            let detail =
                "The response to this request would be \(response.body.count) bytes, above the limit of "
                + "\(maxResponseBytes); ask for less at once."
            response = .problem(ProblemDetails(status: .contentTooLarge, detail: detail))
        }
        guard !ticket.isCancelled else { return nil }
        encode(&response, requestHeaders: request.headers, isHeadRequest: request.method == .head)
        return response
    }

    /// Inflates a gzip body and removes `Content-Encoding` (identity is removed too); nil when
    /// the request may go on, else the response to send instead (413, or 400 for a corrupt body).
    /// Other codings are left in place for the responder to refuse (415).
    /// The inflated bytes are added to `charge` (503 when the memory budget cannot take them).
    func decode(_ request: inout HTTPRequest, charge: MemoryCharge? = nil) -> HTTPResponse? {
        guard request.headers.contains(.contentEncoding) else { return nil }  // the usual case: nothing to split
        let codings = request.headers.values(.contentEncoding).flatMap(HTTPRequestHead.listItems)
        let applied = codings.filter { $0 != "identity" }
        if applied.isEmpty {
            request.headers.remove(.contentEncoding)
            return nil
        }
        guard applied == ["gzip"] || applied == ["x-gzip"] else { return nil }
        switch inflater.inflate(request.body, limit: maxBodyBytes) {
        case .inflated(let body):
            if let charge, !charge.grow(by: body.count) {
                return MemoryBudget.refuseInflated(charge.budget)
            }
            request.body = body
            request.headers.remove(.contentEncoding)
            request.headers.set(.contentLength, String(body.count))
            return nil
        case .tooLarge:
            let detail =
                "The inflated request body is larger than \(maxBodyBytes) bytes"
                + (bodyLimitSetting.map { ", the server's limit (\($0))." } ?? ".")
            return .problem(ProblemDetails(status: .contentTooLarge, detail: detail))
        case .invalid:
            return .problem(
                ProblemDetails(status: .badRequest, detail: "The gzip request body is corrupt or cut short."))
        }
    }

    /// Adds `Vary: Accept-Encoding` to a response whose body could be compressed, and
    /// compresses it when it is at least 1 KiB, not encoded yet, and the client accepts gzip.
    /// A strong ETag becomes weak: the gzip bytes are a different representation.
    /// The request's `Accept-Encoding` is read only for a body large enough to compress.
    func encode(_ response: inout HTTPResponse, requestHeaders: HTTPHeaders, isHeadRequest: Bool) {
        let code = response.status.code
        if let last = lastHeaders, last.status == code, response.headers.sharesFields(with: last.given) {
            response.headers = last.encoded  // the shared response again: Vary decided once
            guard last.isEligible else { return }
        } else {
            let given = response.headers
            guard code >= 200, code != 204, !given.contains(.contentEncoding),
                Self.isCompressible(given[.contentType])
            else {
                lastHeaders = (code, given, given, false)
                return
            }
            var encoded = given
            Self.addVary(to: &encoded)
            lastHeaders = (code, given, encoded, true)
            response.headers = encoded
        }
        guard !isHeadRequest, code != 304, response.body.count >= Self.minimumCompressedSize,
            AcceptEncoding.allowsGzip(requestHeaders.values(.acceptEncoding)),
            let compressed = deflater.compress(response.body),
            compressed.count < response.body.count
        else { return }
        response.body = compressed
        response.headers.set(.contentEncoding, "gzip")
        if let etag = response.headers[.eTag], etag.hasPrefix("\"") { response.headers.set(.eTag, "W/" + etag) }
    }

    private static func addVary(to headers: inout HTTPHeaders) {
        guard headers.contains(.vary) else {  // the usual case: no list to read
            headers.add(.vary, "Accept-Encoding")
            return
        }
        let present = headers.values(.vary).flatMap(HTTPRequestHead.listItems)
        guard !present.contains("accept-encoding"), !present.contains("*") else { return }
        headers.add(.vary, "Accept-Encoding")  // repeated Vary fields combine as one list
    }
}
