import HTTPServer
import PhotoLayout

/// The one place where the core's input errors become HTTP: malformed JSON and wrong types
/// are 400, values the rules refuse are 422, each located problem an `errors` entry.
extension InputError: HTTPResponseError {
    package var problem: ProblemDetails {
        ProblemDetails(
            status: kind == .invalidValue ? .unprocessableContent : .badRequest,
            detail: detail,
            errors: problems.map { ProblemDetails.FieldError(pointer: $0.pointer, detail: $0.detail) }
        )
    }
}

/// An error of the API layer itself (content type, query syntax) with its problem.
struct APIError: HTTPResponseError {
    var problem: ProblemDetails

    init(_ status: HTTPStatus, _ detail: String, errors: [ProblemDetails.FieldError] = []) {
        problem = ProblemDetails(status: status, detail: detail, errors: errors)
    }
}
