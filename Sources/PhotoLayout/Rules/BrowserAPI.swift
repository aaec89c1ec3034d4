import Foundation

/// One entry point per browser operation: JSON bytes in, the response value out (decode,
/// validate, compute), so that the HTTP layer is a thin call. Errors are `InputError`s:
/// `.malformed` (400) for bytes that are not JSON, `.wrongType` (400) for a value of the
/// wrong JSON type, `.invalidValue` (422) for values the rules refuse; each with pointers.
public enum BrowserAPI {
    /// - Remark: HTTP `POST /v1/browser/open`
    public static func open(json: [UInt8]) throws(InputError) -> BrowserOpenResponse {
        try BrowserRules.open(BrowserInput.validated(decode(BrowserOpenRequest.self, from: json)))
    }

    /// - Remark: HTTP `POST /v1/browser/close`
    public static func close(json: [UInt8]) throws(InputError) -> BrowserCloseResponse {
        try BrowserRules.close(BrowserCloseInput.validated(decode(BrowserCloseRequest.self, from: json)))
    }

    /// - Remark: HTTP `POST /v1/album/layout`
    public static func album(json: [UInt8]) throws(InputError) -> AlbumLayout {
        AlbumRules.layout(try AlbumInput.validated(decode(AlbumLayoutRequest.self, from: json)))
    }

    /// The request type `T` from a body, with the timeline reader's error mapping.
    static func decode<T: Decodable>(_ type: T.Type, from json: [UInt8]) throws(InputError) -> T {
        try FoundationTimelineReader.decode(T.self, from: Data(json))
    }
}
