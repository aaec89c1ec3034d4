/// An RFC 9457 problem: `{"type","title","status","detail","errors"?}`.
package struct ProblemDetails: Sendable, Hashable {
    package var status: HTTPStatus
    /// The kind of problem, a stable URI a client may switch on instead of reading `detail`.
    package var type: ProblemType
    package var detail: String
    /// Field-level errors (`pointer` is a JSON pointer into the body or `#/query/NAME`); written when not empty.
    package var errors: [FieldError]

    /// One invalid location of the request.
    package struct FieldError: Sendable, Hashable {
        package var pointer: String
        package var detail: String

        package init(pointer: String, detail: String) {
            self.pointer = pointer
            self.detail = detail
        }
    }

    /// A problem of kind `type`, else of the kind `status` stands for (`ProblemType.of`).
    package init(status: HTTPStatus, detail: String, errors: [FieldError] = [], type: ProblemType? = nil) {
        self.status = status
        self.type = type ?? .of(status)
        self.detail = detail
        self.errors = errors
    }
}

/// A problem's `type`: `urn:problem:timeline-layout:NAME`, one name per kind of problem. The
/// server's own problems have the kind of their status; the application adds kinds of its own
/// (a request body's errors) as further constants.
package struct ProblemType: Sendable, Hashable {
    /// The URI written as the problem's `type`.
    package let uri: String

    /// The kind named `name` (lowercase words joined by `-`).
    package init(_ name: String) {
        uri = "urn:problem:timeline-layout:" + name
    }

    package static let badRequest = ProblemType("bad-request")
    package static let notFound = ProblemType("not-found")
    package static let methodNotAllowed = ProblemType("method-not-allowed")
    package static let notAcceptable = ProblemType("not-acceptable")
    package static let timeout = ProblemType("timeout")
    package static let lengthRequired = ProblemType("length-required")
    package static let bodyTooLarge = ProblemType("body-too-large")
    package static let unsupportedMediaType = ProblemType("unsupported-media-type")
    package static let expectationFailed = ProblemType("expectation-failed")
    package static let invalidValue = ProblemType("invalid-value")
    package static let headerTooLarge = ProblemType("header-too-large")
    package static let internalError = ProblemType("internal-error")
    package static let notImplemented = ProblemType("not-implemented")
    package static let overloaded = ProblemType("overloaded")
    package static let versionNotSupported = ProblemType("http-version-not-supported")

    /// The kinds `of(_:)` gives, one per status the server answers with a problem.
    package static let byStatus: [ProblemType] = [
        .badRequest, .notFound, .methodNotAllowed, .notAcceptable, .timeout, .lengthRequired, .bodyTooLarge,
        .unsupportedMediaType, .expectationFailed, .invalidValue, .headerTooLarge, .internalError, .notImplemented,
        .overloaded, .versionNotSupported,
    ]

    /// The kind a problem of `status` has when nothing more precise is known; a status no kind
    /// names is `internal-error` for 5xx and `bad-request` otherwise.
    package static func of(_ status: HTTPStatus) -> ProblemType {
        switch status.code {
        case 404: .notFound
        case 405: .methodNotAllowed
        case 406: .notAcceptable
        case 408: .timeout
        case 411: .lengthRequired
        case 413: .bodyTooLarge
        case 415: .unsupportedMediaType
        case 417: .expectationFailed
        case 422: .invalidValue
        case 431: .headerTooLarge
        case 501: .notImplemented
        case 503: .overloaded
        case 505: .versionNotSupported
        case 500...: .internalError
        default: .badRequest
        }
    }
}
