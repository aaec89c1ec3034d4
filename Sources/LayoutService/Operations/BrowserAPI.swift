import PhotoLayout

/// One entry point per browser operation: JSON bytes in, the response value out (read,
/// validate, compute), so that the HTTP handlers are a thin call. Errors are `InputError`s:
/// `.malformed` (400) for bytes that are not JSON, `.wrongType` (400) for a value of the
/// wrong JSON type, `.invalidValue` (422) for values the rules refuse; each with pointers.
/// Bodies are read with `JSONScanner`, as timelines are (`RequestBody`). `package`, so that
/// Benchmarks/BrowserBench times the handlers in-process.
package enum BrowserAPI {
    /// - Remark: HTTP `POST /v1/browser/open`
    package static func open(json: [UInt8]) throws(InputError) -> BrowserOpenResponse {
        try BrowserRules.open(BrowserInput.validated(BrowserOpenRequest.read(json)))
    }

    /// - Remark: HTTP `POST /v1/browser/close`
    package static func close(json: [UInt8]) throws(InputError) -> BrowserCloseResponse {
        try BrowserRules.close(BrowserCloseInput.validated(BrowserCloseRequest.read(json)))
    }

    /// - Remark: HTTP `POST /v1/album/layout`
    static func album(json: [UInt8]) throws(InputError) -> AlbumResponse {
        AlbumRules.layout(try AlbumLayoutInput.validated(AlbumLayoutRequest.read(json)))
    }
}
