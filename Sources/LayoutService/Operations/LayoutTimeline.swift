import HTTPServer
import PhotoLayout

/// `POST /v1/timeline/layout` (operationId `layoutTimeline`): statuses in, grids out.
///
/// - Remark: HTTP `POST /v1/timeline/layout`
struct LayoutTimeline: Sendable {
    let reader: any TimelineReader

    func handle(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try JSONBody.check(request)
        let input = try reader.readTimeline(request.body)
        let options = try GridOptions.validated(input.options)
        return JSONBody.response(JSONOutput.bytes(TimelineRules.layout(for: input.statuses, options: options)))
    }
}
