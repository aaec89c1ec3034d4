import HTTPServer
import PhotoLayout

/// `GET /v1/grid?count=N&…` (operationId `getGrid`): the grid of N pictures, without URLs; a
/// mosaic's pictures may be given their sizes (`sizes=WxH,WxH,…`).
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
        if query.sizes != nil, options.style != .mosaic {
            throw InputError.at("#/query/sizes", .invalidValue, "is read by the mosaic style only")
        }
        let grid = GridRules.layout(count: query.count, pictureSizes: query.sizes ?? [], options: options)
        let body = JSONOutput.bytes(GridResponse(photos: grid))
        let etag = ETag.strong(for: body)
        var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": Self.cacheControl]
        if let condition = request.headers["If-None-Match"], ETag.matches(condition, etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add("Content-Type", "application/json")
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }
}

/// The query of `GET /v1/grid`: `count` (0…1000) or `sizes`, and the grid options, each a
/// number where the option is one (else 400 at `#/query/NAME`). An unknown parameter is a
/// 422 at `#/query/NAME` (API.md §4: a typo such as `maxitems` must not pass silently).
///
/// `sizes` (`WxH,WxH,…`, one per picture, 1…1000 of them, each side a positive finite number)
/// gives the count; `count` beside it must say the same. A malformed item is a 422 at
/// `#/query/sizes` naming it.
struct GridQuery {
    /// The parameters docs/API.md §7 lists, in its order.
    static let orderedNames = [
        "count", "style", "item_size", "spacing", "max_items", "content_width", "min_item_width", "scale", "sizes",
    ]
    static let names = Set(orderedNames)
    var count: Int
    /// The pictures' sizes, when `sizes` gives them.
    var sizes: [Size?]?
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

        let sizes = try values["sizes"].map { text throws(InputError) in try Self.sizes(text) }
        guard let count = try number("count") ?? sizes.map({ Double($0.count) }) else {
            throw InputError.at("#/query/count", .invalidValue, "is required (or sizes): the number of pictures")
        }
        guard count >= 0, count <= Double(GetGrid.maxCount), count.rounded() == count else {
            throw InputError.at("#/query/count", .invalidValue, "must be a whole number from 0 to \(GetGrid.maxCount)")
        }
        if let sizes, sizes.count != Int(count) {
            throw InputError.at("#/query/count", .invalidValue, "must equal the number of sizes (\(sizes.count))")
        }
        self.count = Int(count)
        self.sizes = sizes
        options.style = values["style"]
        options.itemSize = try number("item_size")
        options.spacing = try number("spacing")
        options.maxItems = try number("max_items")
        options.contentWidth = try number("content_width")
        options.minItemWidth = try number("min_item_width")
        options.scale = try number("scale")
    }

    /// The sizes of `sizes=WxH,WxH,…`: each item two numbers joined by `x`, both positive and
    /// finite (within `GeometryLimits`); 1…`GetGrid.maxCount` items. Anything else is a 422 at
    /// `#/query/sizes` naming the first item refused.
    static func sizes(_ text: String) throws(InputError) -> [Size?] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= GetGrid.maxCount else {
            throw InputError.at(
                "#/query/sizes", .invalidValue, "has \(items.count) items; at most \(GetGrid.maxCount)")
        }
        var sizes: [Size?] = []
        sizes.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let sides = item.split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, let width = Double(sides[0]), let height = Double(sides[1]),
                width > 0, height > 0, GeometryLimits.accepts(width), GeometryLimits.accepts(height)
            else {
                throw InputError.at(
                    "#/query/sizes", .invalidValue,
                    "item \(index) (\"\(item.prefix(40))\") must be WIDTHxHEIGHT, two positive finite numbers")
            }
            sizes.append(Size(width: width, height: height))
        }
        return sizes
    }
}
