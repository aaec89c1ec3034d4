import JSONBytes
import PhotoLayout

extension BrowserRequest {
    /// The shared members as they are read, each its value (`nil` when absent or `null`) or
    /// its error; `request()` reports the first error in field order, wherever it stood in
    /// the body.
    struct Fields {
        var screen: Result<Size?, InputError> = .success(nil)
        var scale: Result<Double?, InputError> = .success(nil)
        var photos: Result<[BrowserPhotoRequest]?, InputError> = .success(nil)
        var status: Result<WeiboStatus?, InputError> = .success(nil)
        var variant: Result<String?, InputError> = .success(nil)
        var index: Result<Double?, InputError> = .success(nil)
        var thumbnailFrames: Result<[Rect?]?, InputError> = .success(nil)
        var gridOrigin: Result<Point?, InputError> = .success(nil)
        var gridOptions: Result<RawGridOptions?, InputError> = .success(nil)
        var contentMode: Result<String?, InputError> = .success(nil)
        var upscale: Result<Bool?, InputError> = .success(nil)
        var transition: Result<TransitionRequest?, InputError> = .success(nil)

        /// Reads shared member `field`.
        mutating func read(_ field: Field, _ scanner: inout JSONScanner) throws(JSONSyntaxError) {
            switch field {
            case .screen: screen = try scanner.strictSize(at: ["screen"])
            case .scale: scale = try scanner.strictNumber(at: ["scale"])
            case .photos: photos = try BrowserPhotoRequest.readList(&scanner)
            case .status: status = try BrowserRequest.readStatus(&scanner)
            case .variant: variant = try scanner.strictString(at: ["variant"])
            case .index: index = try scanner.strictNumber(at: ["index"])
            case .thumbnailFrames:
                thumbnailFrames = try scanner.strictArray(at: ["thumbnail_frames"], "an array of frames or nulls") {
                    scanner, index throws(JSONSyntaxError) in
                    try scanner.strictRect(at: ["thumbnail_frames", String(index)])
                }
            case .gridOrigin: gridOrigin = try scanner.strictPoint(at: ["grid_origin"])
            case .gridOptions: gridOptions = try BrowserRequest.readGridOptions(&scanner)
            case .contentMode: contentMode = try scanner.strictString(at: ["content_mode"])
            case .upscale: upscale = try scanner.strictBool(at: ["upscale"])
            case .transition: transition = try TransitionRequest.read(&scanner)
            }
        }

        /// The request, or the first error in field order.
        func request() throws(InputError) -> BrowserRequest {
            BrowserRequest(
                screen: try screen.get(),
                scale: try scale.get(),
                photos: try photos.get(),
                status: try status.get(),
                variant: try variant.get(),
                index: try index.get(),
                thumbnailFrames: try thumbnailFrames.get(),
                gridOrigin: try gridOrigin.get(),
                gridOptions: try gridOptions.get(),
                contentMode: try contentMode.get(),
                upscale: try upscale.get(),
                transition: try transition.get()
            )
        }
    }

    /// `status`: an object, read as a timeline's status is.
    static func readStatus(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Result<WeiboStatus?, InputError> {
        switch try scanner.peekKind() {
        case .object:
            return .success(try ByteTimelineReader.readStatus(&scanner))
        case .null:
            try scanner.scanNull()
            return .success(nil)
        default:
            try scanner.skipValue()
            return .failure(JSONScanner.wrongType(["status"], "a status object"))
        }
    }

    /// `grid_options`: an object, read as a timeline's `options` are.
    static func readGridOptions(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<RawGridOptions?, InputError> {
        guard try scanner.peekKind() != .null else {
            try scanner.scanNull()
            return .success(nil)
        }
        return try ByteTimelineReader.readOptions(&scanner, at: "grid_options").map { $0 }
    }
}

extension BrowserPhotoRequest {
    /// The members of a photo.
    enum Field: String, JSONField {
        case url, width, height

        static let set = JSONFieldSet<Self>()
    }

    static let objectType = #"an object {"url", "width", "height"}"#

    /// `photos`: an array of photo objects.
    static func readList(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<[BrowserPhotoRequest]?, InputError> {
        try scanner.strictArray(at: ["photos"], #"an array of {"url", "width", "height"}"#) {
            scanner, index throws(JSONSyntaxError) in
            try read(&scanner, at: ["photos", String(index)])
        }
    }

    /// One photo: `url` required, `width` and `height` optional numbers (in that order).
    static func read(
        _ scanner: inout JSONScanner, at path: @autoclosure () -> [String]
    ) throws(JSONSyntaxError) -> Result<BrowserPhotoRequest, InputError> {
        if let photo = try readCanonical(&scanner) { return .success(photo) }
        var url: Result<ByteString?, InputError> = .success(nil)
        var width: Result<Double?, InputError> = .success(nil)
        var height: Result<Double?, InputError> = .success(nil)
        return try scanner.strictObject(at: path(), objectType, Field.set) { field, scanner throws(JSONSyntaxError) in
            switch field {
            case .url: url = try scanner.strictByteString(at: path() + ["url"])
            case .width: width = try scanner.strictNumber(at: path() + ["width"])
            case .height: height = try scanner.strictNumber(at: path() + ["height"])
            }
        } value: { () throws(InputError) in
            BrowserPhotoRequest(
                url: try url.required(at: path() + ["url"], "a string").get(),
                width: try width.get(),
                height: try height.get())
        }
        // `null` is no photo: an entry must be an object.
        .nonNull(at: path(), objectType)
    }

    /// A photo as clients write it, `{"url": "…", "width": n, "height": n}` (the three keys in
    /// this order, plain numbers, `canonicalNumbers`' spacing), read without the member loop;
    /// `nil`, nothing consumed, for any other shape. The URL is scanned (and validated) by
    /// `scanString`, where the member loop would scan it too: an error in it is the error the
    /// member loop would throw.
    private static func readCanonical(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> BrowserPhotoRequest? {
        let start = scanner.position
        guard try scanner.peek() == UInt8(ascii: "{"), scanner.depth < JSONScanner.maximumDepth else {
            scanner.position = start
            return nil
        }
        let keys = Field.set.keys.keys
        var index = scanner.position &+ 1
        guard scanner.canonicalMember(keys[0], first: true, at: &index), index < scanner.count,
            scanner.bytes[index] == UInt8(ascii: "\"")
        else {
            scanner.position = start
            return nil
        }
        scanner.position = index
        let url = try scanner.scanString()
        index = scanner.position
        guard scanner.canonicalMember(keys[1], first: false, at: &index),
            let width = scanner.plainNumber(at: &index),
            scanner.canonicalMember(keys[2], first: false, at: &index),
            let height = scanner.plainNumber(at: &index),
            scanner.canonicalEnd(at: &index)
        else {
            scanner.position = start
            return nil
        }
        scanner.position = index
        return BrowserPhotoRequest(url: scanner.byteString(url), width: width, height: height)
    }
}
