/// Why a request could not be parsed, and the status to answer before closing.
struct HTTPParserError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of malformed or refused input.
    enum Kind: Hashable, Sendable {
        case invalidRequestLine
        case invalidMethod
        case invalidTarget
        case invalidVersion
        case unsupportedVersion
        case bareLineFeed
        case bareCarriageReturn
        case obsoleteLineFolding
        case whitespaceBeforeColon
        case invalidHeaderName
        case invalidHeaderValue
        case missingHost
        case multipleHosts
        case headersTooLarge
        case contentLengthWithTransferEncoding
        case conflictingContentLength
        case invalidContentLength
        case transferEncodingInHTTP10
        case unsupportedTransferEncoding
        case invalidTransferEncoding
        case invalidChunkSize
        case invalidChunkExtension
        case missingChunkTerminator
        case bodyTooLarge
        case truncated
    }

    var kind: Kind
    /// A sentence for the problem's `detail`.
    var detail: String

    init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// The status to answer: 400, 413, 431, 501 or 505.
    var status: HTTPStatus {
        switch kind {
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedTransferEncoding: .notImplemented
        case .unsupportedVersion: .httpVersionNotSupported
        default: .badRequest
        }
    }

    var description: String { "\(status.code) \(kind): \(detail)" }
}
