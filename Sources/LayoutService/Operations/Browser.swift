import HTTPServer
import PhotoLayout

/// The photo browser (docs/API.md §5, §6, §7): `POST /v1/browser/open` (operationId
/// `openBrowser`), `POST /v1/browser/close` (`closeBrowser`), `POST /v1/album/layout`
/// (`layoutAlbum`). The core decodes, validates and computes; these only speak HTTP.
///
/// - Remark: HTTP `POST /v1/browser/open`, `POST /v1/browser/close`, `POST /v1/album/layout`
enum Browser {
    static func open(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try JSONBody.check(request)
        return JSONBody.response(JSONOutput.bytes(try BrowserAPI.open(json: request.body)))
    }

    static func close(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try JSONBody.check(request)
        return JSONBody.response(JSONOutput.bytes(try BrowserAPI.close(json: request.body)))
    }

    static func album(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try JSONBody.check(request)
        return JSONBody.response(JSONOutput.bytes(try BrowserAPI.album(json: request.body)))
    }
}
