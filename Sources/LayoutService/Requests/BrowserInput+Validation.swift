import PhotoLayout

extension BrowserInput {
    /// The input of `POST /v1/browser/open`, or a 422 listing every invalid value: a
    /// missing or non-positive `screen`, a `scale` other than 1, 2, 3, no pictures, an
    /// `index` out of range, `thumbnail_frames` not one per picture, an unknown
    /// `content_mode`, `curve` or `variant`, out-of-range transition values, a negative
    /// `page_spacing`, a non-positive watermark size or a negative margin.
    static func validated(_ request: BrowserOpenRequest) throws(InputError) -> BrowserInput {
        var validation = BrowserValidation()
        var input = validated(request.browser, into: &validation)
        if let value = request.pageSpacing, let spacing = validation.positive(value, ["page_spacing"], allowZero: true)
        {
            input?.pageSpacing = spacing
        }
        if let value = request.stripOffset, let offset = validation.finite(value, ["strip_offset"]) {
            input?.stripOffset = offset
        }
        if let watermark = request.watermark {
            let size = validation.size(watermark.size, ["watermark"])
            let margin = validation.positive(
                watermark.margin ?? BrowserWatermark.defaultMargin,
                ["watermark", "margin"],
                allowZero: true
            )
            if let size, let margin { input?.watermark = BrowserWatermark(size: size, margin: margin) }
        }
        return try validation.finish(input)
    }

    /// The shared fields of open and close; `nil` when a required one is missing or invalid.
    static func validated(_ request: BrowserRequest, into validation: inout BrowserValidation) -> BrowserInput? {
        let screen = validation.screen(request.screen)
        let grid = validation.pixelGrid(request.scale)
        let resolved = pictures(of: request, into: &validation)
        let pictures = resolved?.pictures
        var index: Int?
        if let raw = request.index {
            if let pictures { index = validation.whole(raw, in: 0..<pictures.count, ["index"]) }
        } else {
            validation.refuse(["index"], "is required: the page's index")
        }
        let thumbnails = thumbnails(of: request, resolved: resolved, grid: grid, into: &validation)
        let mode = request.contentMode.flatMap { validation.name($0, as: BrowserContentMode.self, ["content_mode"]) }
        let transition = TransitionOptions.validated(request.transition, into: &validation)
        guard let screen, let pictures, let index else { return nil }
        return BrowserInput(
            screen: screen,
            pixelGrid: grid,
            pictures: pictures,
            index: index,
            thumbnails: thumbnails,
            contentMode: mode ?? .fillWidth,
            upscale: request.upscale ?? true,
            transition: transition
        )
    }

    /// The pictures of a request, and the size its grid gives a single picture.
    typealias ResolvedPictures = (pictures: [BrowserPicture], singleGridSize: Size?, gridSizes: [Size?])

    /// `photos` when present (each with both or neither of width and height, positive),
    /// else the status's pictures (its retweet's when it has none of its own); at least one.
    /// `variant` is validated either way (an unknown name is 422 at `#/variant` even beside
    /// `photos`, whose URLs it does not choose), as unused `grid_options` are.
    /// A single picture's grid size is its `bmiddle` size without `keep_size` (a photo's own size);
    /// the sizes a mosaic grid reads are each picture's (its crop's size, `Picture.aspectSize`).
    static func pictures(of request: BrowserRequest, into validation: inout BrowserValidation) -> ResolvedPictures? {
        let variant = request.variant.flatMap { validation.name($0, as: BrowserVariant.self, ["variant"]) } ?? .bmiddle
        if let photos = request.photos {
            guard !photos.isEmpty, photos.count <= maxPictures else {
                validation.refuse(
                    ["photos"],
                    photos.isEmpty ? "must not be empty" : "must have at most \(maxPictures) entries"
                )
                return nil
            }
            // Each path is spelled where it is refused (an autoclosure, built only then): a
            // local closure for it was a heap-allocated context per photo.
            let pictures = photos.enumerated().map { offset, photo in
                switch (photo.width, photo.height) {
                case (let width?, let height?):
                    return BrowserPicture(
                        url: photo.url,
                        size: validation.size(Size(width: width, height: height), ["photos", String(offset)])
                    )
                case (nil, nil):
                    return BrowserPicture(url: photo.url, size: nil)
                case (nil, _?):
                    validation.refuse(["photos", String(offset), "width"], "is required with height")
                case (_?, nil):
                    validation.refuse(["photos", String(offset), "height"], "is required with width")
                }
                return BrowserPicture(url: photo.url, size: nil)
            }
            return (pictures, pictures.count == 1 ? pictures[0].size : nil, pictures.map(\.size))
        }
        guard let status = request.status else {
            validation.refuse(["photos"], "is required: a list of photos, or a status with pictures")
            return nil
        }
        var pictures = PictureRules.pictures(of: status.media)
        if pictures.isEmpty, let retweeted = status.retweeted {
            pictures = PictureRules.pictures(of: retweeted.media)
        }
        guard !pictures.isEmpty else {
            validation.refuse(["status"], "has no pictures")
            return nil
        }
        let single = GridRules.singlePictureSize(of: pictures)
        return (pictures.map { BrowserPicture(picture: $0, variant: variant) }, single, pictures.map(\.aspectSize))
    }

    /// `thumbnail_frames` (one per picture) win over `grid_origin` + `grid_options`; the grid
    /// is laid out on the request's `scale` (a `scale` inside `grid_options` is overridden).
    /// `grid_options`, when sent, are validated even when unused (an unknown name, a bad
    /// value: 422 at `#/grid_options/NAME`), as `options` are.
    static func thumbnails(
        of request: BrowserRequest,
        resolved: ResolvedPictures?,
        grid: PixelGrid,
        into validation: inout BrowserValidation
    ) -> BrowserThumbnailSource {
        if request.gridOptions != nil, request.thumbnailFrames != nil || request.gridOrigin == nil {
            var raw = request.gridOptions ?? RawGridOptions()
            raw.scale = grid.scale
            do {
                _ = try GridOptions.validated(raw) { JSONPointer.fragment(["grid_options", $0]) }
            } catch {
                validation.add(error)
            }
        }
        if let frames = request.thumbnailFrames {
            if let count = resolved?.pictures.count, frames.count != count {
                validation.refuse(
                    ["thumbnail_frames"],
                    "must have one entry per picture: \(count), not \(frames.count)"
                )
            }
            return .frames(
                frames.enumerated().map { offset, frame in
                    frame.flatMap { validation.frame($0, ["thumbnail_frames", String(offset)]) }
                }
            )
        }
        guard let origin = request.gridOrigin else { return .none }
        var raw = request.gridOptions ?? RawGridOptions()
        raw.scale = grid.scale
        do {
            let options = try GridOptions.validated(raw) { JSONPointer.fragment(["grid_options", $0]) }
            guard let point = validation.point(origin, ["grid_origin"]) else { return .none }
            return .grid(
                origin: point, options: options, singlePictureSize: resolved?.singleGridSize,
                pictureSizes: resolved?.gridSizes ?? [])
        } catch {
            validation.add(error)
            return .none
        }
    }
}
