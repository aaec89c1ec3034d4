import HTTPServer

/// A fixed document served from memory: its bytes, the same bytes gzipped once when it is
/// made, and a strong entity tag for each of the two representations.
///
/// Answering costs a header lookup and no compression: a client that accepts gzip gets the
/// gzip bytes (`Content-Encoding: gzip`; the server compresses nothing that is encoded
/// already), any other the identity bytes. Both answers carry `Vary: Accept-Encoding`, so
/// that caches keep the two apart, and `If-None-Match` is compared with the tag of the
/// representation the request selects: a 304 confirms the very bytes the client holds.
struct StaticDocument: Sendable {
    let body: [UInt8]
    /// The gzip representation, or nil when it would not be smaller (or zlib failed).
    let gzipBody: [UInt8]?
    let contentType: String
    let cacheControl: String
    /// The identity representation's tag; the gzip one's is `gzipETag`.
    let etag: String
    let gzipETag: String?

    init(body: [UInt8], contentType: String, cacheControl: String) {
        self.body = body
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.etag = ETag.strong(for: body)
        if let compressed = PrecompressedBody.gzip(body), compressed.count < body.count {
            gzipBody = compressed
            // A tag of its own: the gzip bytes are another representation (RFC 9110 §8.8.3).
            gzipETag = ETag.strong(for: compressed)
        } else {
            gzipBody = nil
            gzipETag = nil
        }
    }

    /// The answer to a GET or HEAD of the document (the server leaves out a HEAD's body).
    func response(to request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = ["Cache-Control": cacheControl]
        var chosenBody = body
        var chosenTag = etag
        if let gzipBody, let gzipETag {
            headers.add(.vary, "Accept-Encoding")
            if PrecompressedBody.acceptsGzip(request.headers) {
                chosenBody = gzipBody
                chosenTag = gzipETag
                headers.add(.contentEncoding, "gzip")
            }
        }
        headers.add(.eTag, chosenTag)
        if let condition = request.headers[.ifNoneMatch], ETag.matches(condition, chosenTag) {
            headers.remove(.contentEncoding)
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add(.contentType, contentType)
        return HTTPResponse(status: .ok, headers: headers, body: chosenBody)
    }
}
