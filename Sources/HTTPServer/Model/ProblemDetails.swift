/// An RFC 9457 problem: `{"type":"about:blank","title","status","detail","errors"?}`.
public struct ProblemDetails: Sendable, Hashable {
    public var status: HTTPStatus
    public var detail: String
    /// Field-level errors (`pointer` is a JSON pointer into the body or `#/query/NAME`); written when not empty.
    public var errors: [FieldError]

    /// One invalid location of the request.
    public struct FieldError: Sendable, Hashable {
        public var pointer: String
        public var detail: String

        public init(pointer: String, detail: String) {
            self.pointer = pointer
            self.detail = detail
        }
    }

    public init(status: HTTPStatus, detail: String, errors: [FieldError] = []) {
        self.status = status
        self.detail = detail
        self.errors = errors
    }
}
