import Foundation

/// Why a request's input cannot be laid out, and where.
///
/// The core knows nothing of HTTP; the service maps `kind` to a status code
/// (`malformed` and `wrongType` to 400, the others to 422) and a problem type, and
/// `problems` to the problem+json `errors` array.
public struct InputError: Error, Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// Not JSON at all, or truncated.
        case malformed
        /// Well-formed JSON, but a value of the wrong JSON type.
        case wrongType
        /// Well-formed and well-typed, but a value outside what the rules accept.
        case invalidValue
        /// A name an object of the request's own schema does not hold (a typo).
        case unknownField
        /// A name given twice in an object of the request's own schema.
        case repeatedField

        /// Whether the request's JSON was well formed and well typed: the error is then a
        /// 422, not a 400.
        public var isUnprocessable: Bool {
            switch self {
            case .malformed, .wrongType: false
            case .invalidValue, .unknownField, .repeatedField: true
            }
        }
    }

    /// One located problem: a JSON pointer in URI-fragment form (`#/options/scale`), or
    /// `#/query/NAME` for a query parameter, and what is wrong there.
    public struct Problem: Hashable, Sendable {
        public var pointer: String
        public var detail: String

        public init(pointer: String, detail: String) {
            self.pointer = pointer
            self.detail = detail
        }
    }

    public var kind: Kind
    /// One sentence for the whole error.
    public var detail: String
    public var problems: [Problem]

    public init(kind: Kind, detail: String, problems: [Problem] = []) {
        self.kind = kind
        self.detail = detail
        self.problems = problems
    }

    /// A single located problem; the detail names the place too, for a one-line message.
    public static func at(_ pointer: String, _ kind: Kind, _ detail: String) -> InputError {
        InputError(kind: kind, detail: describe(pointer, detail), problems: [Problem(pointer: pointer, detail: detail)])
    }

    /// A 422 listing every problem found, its detail the problems joined into one sentence;
    /// `kind` is that of the first problem.
    public static func invalidValues(_ problems: [Problem], kind: Kind = .invalidValue) -> InputError {
        InputError(
            kind: kind,
            detail: problems.map { describe($0.pointer, $0.detail) }.joined(separator: "; "),
            problems: problems
        )
    }

    /// "/options/scale: must be 1, 2 or 3": a problem as one phrase (the pointer without its
    /// `#`); a problem of the whole document is its detail alone.
    public static func describe(_ pointer: String, _ detail: String) -> String {
        let path = pointer.hasPrefix("#") ? String(pointer.dropFirst()) : pointer
        return path.isEmpty ? detail : "\(path): \(detail)"
    }
}

/// Builds JSON pointers (RFC 6901, URI-fragment form) for `InputError`.
public enum JSONPointer {
    /// `#/a/b/0` from path components, escaping `~` and `/` as the RFC says.
    public static func fragment(_ components: [String]) -> String {
        var pointer = "#"
        for component in components {
            pointer += "/"
            pointer += escaped(component)
        }
        return pointer
    }

    /// `component` with `~` written `~0` and `/` written `~1`; a component with neither is
    /// returned as it is.
    static func escaped(_ component: String) -> String {
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return component
        }
        return component.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
