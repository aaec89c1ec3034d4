import HTTPServer
import PhotoLayout

/// `GET /v1/grid?count=N&…` (operationId `getGrid`): the grid of N pictures, without URLs.
///
/// The answer depends on the query only, so it is cacheable: a strong ETag (a hash of the
/// body), `If-None-Match` → 304, and a day of `Cache-Control`.
///
/// - Remark: HTTP `GET /v1/grid`
struct GetGrid: Sendable {
    /// Most pictures a grid may be asked for: grids show at most `max_items`, and this
    /// bounds the response of an unauthenticated, cacheable GET.
    static let maxCount = 1_000
    static let cacheControl = "public, max-age=86400"

    func handle(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        let query = try GridQuery(request.queryItems)
        let options = try GridOptions.validated(
            query.options, pointer: { "#/query/\($0)" }, knownNames: GridQuery.orderedNames)
        if options.maxItems > Self.maxCount {
            throw InputError.at("#/query/max_items", .invalidValue, "must be at most \(Self.maxCount)")
        }
        let body = JSONOutput.bytes(GridResponse(photos: GridRules.layout(count: query.count, options: options)))
        let etag = ETag.strong(for: body)
        var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": Self.cacheControl]
        if let condition = request.headers["If-None-Match"], ETag.matches(condition, etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add("Content-Type", "application/json")
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }
}

/// The query of `GET /v1/grid`: `count` (required, 0…1000) and the grid options, each a
/// number where the option is one (else 400 at `#/query/NAME`). An unknown parameter is a
/// 422 at `#/query/NAME` (API.md §4: a typo such as `maxitems` must not pass silently).
struct GridQuery {
    /// The parameters docs/API.md §7 lists, in its order.
    static let orderedNames = ["count", "style", "item_size", "spacing", "max_items", "content_width", "scale"]
    static let names = Set(orderedNames)
    var count: Int
    var options = RawGridOptions()

    init(_ items: [(name: String, value: String)]) throws(InputError) {
        var values: [String: String] = [:]
        for item in items where values[item.name] == nil { values[item.name] = item.value }
        options.unknownNames = RawGridOptions.normalizedNames(values.keys.filter { !Self.names.contains($0) })

        func number(_ name: String) throws(InputError) -> Double? {
            guard let text = values[name] else { return nil }
            guard let value = Double(text), value.isFinite else {
                throw InputError.at("#/query/\(name)", .wrongType, "must be a finite number, not \"\(text)\"")
            }
            return value
        }

        guard let count = try number("count") else {
            throw InputError.at("#/query/count", .invalidValue, "is required: the number of pictures")
        }
        guard count >= 0, count <= Double(GetGrid.maxCount), count.rounded() == count else {
            throw InputError.at("#/query/count", .invalidValue, "must be a whole number from 0 to \(GetGrid.maxCount)")
        }
        self.count = Int(count)
        options.style = values["style"]
        options.itemSize = try number("item_size")
        options.spacing = try number("spacing")
        options.maxItems = try number("max_items")
        options.contentWidth = try number("content_width")
        options.scale = try number("scale")
    }
}
