/// A response status: code and reason phrase.
package struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    package var code: Int
    package var reason: String

    package init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The status with its standard reason phrase (`Unknown` for an unregistered code).
    package init(code: Int) {
        self.init(code: code, reason: HTTPStatus.reason(for: code))
    }

    package var description: String { "\(code) \(reason)" }

    package static let `continue` = HTTPStatus(code: 100)
    package static let switchingProtocols = HTTPStatus(code: 101)
    package static let ok = HTTPStatus(code: 200)
    package static let noContent = HTTPStatus(code: 204)
    package static let notModified = HTTPStatus(code: 304)
    package static let badRequest = HTTPStatus(code: 400)
    package static let notFound = HTTPStatus(code: 404)
    package static let methodNotAllowed = HTTPStatus(code: 405)
    package static let requestTimeout = HTTPStatus(code: 408)
    package static let lengthRequired = HTTPStatus(code: 411)
    package static let contentTooLarge = HTTPStatus(code: 413)
    package static let unsupportedMediaType = HTTPStatus(code: 415)
    package static let expectationFailed = HTTPStatus(code: 417)
    package static let unprocessableContent = HTTPStatus(code: 422)
    package static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
    package static let internalServerError = HTTPStatus(code: 500)
    package static let notImplemented = HTTPStatus(code: 501)
    package static let serviceUnavailable = HTTPStatus(code: 503)
    package static let httpVersionNotSupported = HTTPStatus(code: 505)

    /// The reason phrase RFC 9110 gives `code`, or `Unknown`.
    package static func reason(for code: Int) -> String {
        reasons[code] ?? "Unknown"
    }

    /// The reason phrase RFC 9110 gives `code`, or nil for an unregistered code.
    static func registeredReason(for code: Int) -> String? {
        reasons[code]
    }

    private static let reasons: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required",
        412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
        416: "Range Not Satisfiable", 417: "Expectation Failed", 421: "Misdirected Request",
        422: "Unprocessable Content", 426: "Upgrade Required", 428: "Precondition Required",
        429: "Too Many Requests", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]
}
