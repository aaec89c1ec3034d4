import HTTPServer
import PhotoLayout

/// `POST /v1/timeline/layout` (operationId `layoutTimeline`): statuses in, grids out; with
/// `variants`, the statuses read once and laid out once per option set (docs/API.md §7).
///
/// - Remark: HTTP `POST /v1/timeline/layout`
struct LayoutTimeline: Sendable {
    let reader: any TimelineReader
    /// Statuses one request may ask to lay out (API.md §8: what one request may cost); more is
    /// 422. Counted once whatever the number of variants.
    var maxStatuses = LayoutAPI.defaultMaxStatuses

    func handle(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try JSONBody.check(request)
        let input = try reader.readTimeline(request.body)
        if input.statuses.count > maxStatuses {
            let detail = "has \(input.statuses.count) statuses; at most \(maxStatuses) are laid out per request"
            throw APIError(
                .unprocessableContent, "/statuses: \(detail)",
                errors: [ProblemDetails.FieldError(pointer: "#/statuses", detail: detail)]
            )
        }
        if let variants = input.variants {
            let sets = try variants.validated()
            return JSONBody.response(JSONOutput.bytes(TimelineRules.layout(for: input, variants: sets)))
        }
        let options = try GridOptions.validated(input.options)
        return JSONBody.response(JSONOutput.bytes(TimelineRules.layout(for: input, options: options)))
    }
}
