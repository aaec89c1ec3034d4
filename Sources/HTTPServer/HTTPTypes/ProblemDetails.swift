/// An RFC 9457 problem: `{"type":"about:blank","title","status","detail","errors"?}`.
package struct ProblemDetails: Sendable, Hashable {
    package var status: HTTPStatus
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

    package init(status: HTTPStatus, detail: String, errors: [FieldError] = []) {
        self.status = status
        self.detail = detail
        self.errors = errors
    }
}
