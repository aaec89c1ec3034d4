/// Why a request could not be parsed, and the status to answer before closing.
public struct HTTPParserError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of malformed or refused input.
    public enum Kind: Hashable, Sendable {
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

    public var kind: Kind
    /// A sentence for the problem's `detail`.
    public var detail: String

    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// The status to answer: 400, 413, 431, 501 or 505.
    public var status: HTTPStatus {
        switch kind {
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedTransferEncoding: .notImplemented
        case .unsupportedVersion: .httpVersionNotSupported
        default: .badRequest
        }
    }

    public var description: String { "\(status.code) \(kind): \(detail)" }
}
