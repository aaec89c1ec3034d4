import JSONBytes
import PhotoLayout

/// The fields `POST /v1/browser/open` and `/v1/browser/close` share (DESIGN §7.1), as sent:
/// read strictly (wrong JSON type: 400), not yet validated (`BrowserInput.validated` gives
/// the 422s). Unknown fields are ignored; `status` is read leniently, by the timeline
/// reader's own code (`ByteTimelineReader.readStatus`).
struct BrowserRequest: Hashable, Sendable {
    var screen: Size?
    var scale: Double?
    var photos: [BrowserPhotoRequest]?
    var status: WeiboStatus?
    /// `"bmiddle"` (default) or `"large"`: which variant of the status's pictures to show.
    var variant: String?
    var index: Double?
    /// One per picture, `nil` for a picture without a thumbnail.
    var thumbnailFrames: [Rect?]?
    var gridOrigin: Point?
    var gridOptions: RawGridOptions?
    var contentMode: String?
    var upscale: Bool?
    var transition: TransitionRequest?

    /// The shared members, in the order their errors are reported (field numbers 0…11);
    /// open and close append their own.
    static let keys: [StaticString] = [
        "screen", "scale", "photos", "status", "variant", "index", "thumbnail_frames", "grid_origin", "grid_options",
        "content_mode", "upscale", "transition",
    ]
}

/// One entry of `photos`: `{"url", "width"?, "height"?}`.
struct BrowserPhotoRequest: Hashable, Sendable {
    /// As bytes: a slice of the body, the page's URL as it came (no `String`).
    var url: ByteString
    var width: Double?
    var height: Double?
}
