import PhotoLayout

extension AlbumInput {
    /// The input of `POST /v1/album/layout`, or a 422 listing every invalid value: a missing
    /// or non-positive `screen`, a `scale` other than 1, 2, 3, a `count` that is not a whole
    /// number in 0…`maxCount`, a non-positive `item_size`, a negative `spacing` or `inset`.
    static func validated(_ request: AlbumLayoutRequest) throws(InputError) -> AlbumInput {
        var validation = BrowserValidation()
        let screen = validation.screen(request.screen)
        let grid = validation.pixelGrid(request.scale)
        var count: Int?
        if let raw = request.count {
            count = validation.whole(raw, in: 0..<(maxCount + 1), ["count"])
        } else {
            validation.refuse(["count"], "is required: the number of pictures")
        }
        let itemSize = validation.positive(request.itemSize ?? defaultItemSize, ["item_size"])
        let spacing = validation.positive(request.spacing ?? defaultSpacing, ["spacing"], allowZero: true)
        let inset = validation.positive(request.inset ?? defaultInset, ["inset"], allowZero: true)
        var input: AlbumInput?
        if let screen, let count, let itemSize, let spacing, let inset {
            input = AlbumInput(
                screen: screen,
                pixelGrid: grid,
                count: count,
                itemSize: itemSize,
                spacing: spacing,
                inset: inset
            )
        }
        return try validation.finish(input)
    }
}
