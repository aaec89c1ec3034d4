/// gzip for handlers that compress a fixed body once and serve it many times (the service's
/// static documents): the same deflater and the same `Accept-Encoding` rule the server
/// applies to every other response, so both representations are chosen alike.
package enum PrecompressedBody {
    /// `body` as one gzip member at zlib's best compression, or nil when zlib fails.
    package static func gzip(_ body: [UInt8]) -> [UInt8]? {
        GzipDeflater(level: 9).compress(body)
    }

    /// Whether a request with these headers may be answered with a gzip body.
    package static func acceptsGzip(_ requestHeaders: HTTPHeaders) -> Bool {
        AcceptEncoding.allowsGzip(requestHeaders.values(.acceptEncoding))
    }
}
