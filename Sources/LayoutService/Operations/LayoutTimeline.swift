import HTTPServer
import PhotoLayout

/// `POST /v1/timeline/layout` (operationId `layoutTimeline`): statuses in, grids out.
///
/// - Remark: HTTP `POST /v1/timeline/layout`
struct LayoutTimeline: Sendable {
    let reader: any TimelineReader
    /// Statuses one request may ask to lay out (API.md §8: what one request may cost); more is 422.
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
        let options = try GridOptions.validated(input.options)
        return JSONBody.response(JSONOutput.bytes(TimelineRules.layout(for: input, options: options)))
    }
}
