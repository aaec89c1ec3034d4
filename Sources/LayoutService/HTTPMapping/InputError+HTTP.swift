import HTTPServer
import PhotoLayout

/// The one place where the core's input errors become HTTP: malformed JSON and wrong types
/// are 400, the others 422, each kind its problem type, each located problem an `errors`
/// entry.
extension InputError: HTTPResponseError {
    package var problem: ProblemDetails {
        ProblemDetails(
            status: kind.isUnprocessable ? .unprocessableContent : .badRequest,
            detail: detail,
            errors: problems.map { ProblemDetails.FieldError(pointer: $0.pointer, detail: $0.detail) },
            type: kind.problemType
        )
    }
}

extension InputError.Kind {
    /// The problem type of an error of this kind.
    var problemType: ProblemType {
        switch self {
        case .malformed: .invalidJSON
        case .wrongType: .wrongType
        case .invalidValue: .invalidValue
        case .unknownField: .unknownField
        case .repeatedField: .repeatedField
        }
    }
}

extension ProblemType {
    /// The body is not JSON (or not UTF-8, or empty).
    static let invalidJSON = ProblemType("invalid-json")
    /// A value of the wrong JSON type, or a query parameter that does not parse.
    static let wrongType = ProblemType("wrong-type")
    /// A name an object of the API's own schema does not hold.
    static let unknownField = ProblemType("unknown-field")
    /// A name given twice in an object of the API's own schema.
    static let repeatedField = ProblemType("repeated-field")

    /// The service takes no new work (draining) or lacks a file it serves.
    static let unavailable = ProblemType("unavailable")

    /// Every type this service's problems may have: the server's, then the service's own.
    static let listed: [ProblemType] =
        ProblemType.byStatus + [.invalidJSON, .wrongType, .unknownField, .repeatedField, .unavailable]
}

/// An error of the API layer itself (content type, query syntax) with its problem.
struct APIError: HTTPResponseError {
    var problem: ProblemDetails

    init(_ status: HTTPStatus, _ detail: String, errors: [ProblemDetails.FieldError] = [], type: ProblemType? = nil) {
        problem = ProblemDetails(status: status, detail: detail, errors: errors, type: type)
    }
}
