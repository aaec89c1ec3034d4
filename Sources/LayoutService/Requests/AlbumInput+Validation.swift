import PhotoLayout

extension AlbumLayoutInput {
    /// The input of `POST /v1/album/layout` in its style, or a 422 listing every invalid value:
    /// a missing or non-positive `screen`, a `scale` other than 1, 2, 3, an unknown `style`,
    /// a member of the other style (`count` or `item_size` with `justified`, the justified
    /// options with `grid`), then the style's own problems (`AlbumInput.validated`,
    /// `JustifiedAlbumInput.validated`). With an unknown style only `screen` and `scale` are
    /// checked besides.
    static func validated(_ request: AlbumLayoutRequest) throws(InputError) -> AlbumLayoutInput {
        var validation = BrowserValidation()
        let screen = validation.screen(request.screen)
        let grid = validation.pixelGrid(request.scale)
        var style: AlbumStyle? = .grid
        if let raw = request.style { style = validation.name(raw, as: AlbumStyle.self, ["style"]) }
        var input: AlbumLayoutInput?
        switch style {
        case .grid:
            input = AlbumInput.validated(request, screen: screen, pixelGrid: grid, into: &validation).map(Self.grid)
        case .justified:
            input = JustifiedAlbumInput.validated(request, screen: screen, pixelGrid: grid, into: &validation)
                .map(Self.justified)
        case nil:
            break
        }
        return try validation.finish(input)
    }
}

extension AlbumInput {
    /// The grid's input: `count` a whole number in 0…`maxCount` (required), a positive
    /// `item_size`, a `spacing` and an `inset` that are numbers ≥ 0; the justified style's
    /// members refused at their pointers.
    static func validated(
        _ request: AlbumLayoutRequest, screen: Size?, pixelGrid grid: PixelGrid,
        into validation: inout BrowserValidation
    ) -> AlbumInput? {
        var count: Int?
        if let raw = request.count {
            count = validation.whole(raw, in: 0..<(maxCount + 1), ["count"])
        } else {
            validation.refuse(["count"], "is required: the number of pictures")
        }
        let itemSize = validation.positive(request.itemSize ?? defaultItemSize, ["item_size"])
        let spacing = number(request.spacing, default: defaultSpacing, "spacing", &validation)
        let inset = number(request.inset, default: defaultInset, "inset", &validation)
        if let justified = request.justified {
            if justified.photos != nil { refuseJustified("photos", &validation) }
            if justified.aspectRatios != nil { refuseJustified("aspect_ratios", &validation) }
            if justified.targetRowHeight != nil { refuseJustified("target_row_height", &validation) }
            if justified.tolerance != nil { refuseJustified("tolerance", &validation) }
            if justified.maxRows != nil { refuseJustified("max_rows", &validation) }
            if justified.widow != nil { refuseJustified("widow", &validation) }
            if justified.breakoutEvery != nil { refuseJustified("breakout_every", &validation) }
        }
        guard let screen, let count, let itemSize, let spacing, let inset else { return nil }
        return AlbumInput(
            screen: screen, pixelGrid: grid, count: count, itemSize: itemSize, spacing: spacing, inset: inset)
    }

    private static func refuseJustified(_ name: String, _ validation: inout BrowserValidation) {
        validation.refuse([name], "is a member of the justified style (\"style\": \"justified\")")
    }

    /// The grid's `spacing` or `inset`: a number ≥ 0 (an object of sides is the justified
    /// style's form).
    private static func number(
        _ sides: AlbumLayoutRequest.Sides?, default value: Double, _ name: String,
        _ validation: inout BrowserValidation
    ) -> Double? {
        switch sides {
        case nil: return validation.positive(value, [name], allowZero: true)
        case .number(let number): return validation.positive(number, [name], allowZero: true)
        case .sides:
            validation.refuse([name], "must be a number for the grid style (sides are the justified style's)")
            return nil
        }
    }
}

extension JustifiedAlbumInput {
    /// The most pictures a justified album lays out (as `AlbumInput.maxCount`).
    static let maxCount = AlbumInput.maxCount

    /// The justified album's input: exactly one of `photos` (each size's sides finite and
    /// > 0) and `aspect_ratios`, at most `maxCount`; each ratio (a photo's width / height)
    /// within `JustifiedAlbumOptions.accepts`' range; the options as
    /// `JustifiedAlbumOptions.problems` accepts them, with `max_rows` and `breakout_every`
    /// whole numbers ≥ 1 and a known `widow`; `count` and `item_size` refused at their
    /// pointers.
    static func validated(
        _ request: AlbumLayoutRequest, screen: Size?, pixelGrid grid: PixelGrid,
        into validation: inout BrowserValidation
    ) -> JustifiedAlbumInput? {
        for (name, given) in [("count", request.count != nil), ("item_size", request.itemSize != nil)] where given {
            validation.refuse(
                [name], "is a member of the grid style; the justified style takes photos or aspect_ratios")
        }
        let members = request.justified ?? AlbumLayoutRequest.JustifiedMembers()
        let ratios = ratios(members, &validation)
        var options = JustifiedAlbumOptions(
            targetRowHeight: members.targetRowHeight ?? JustifiedAlbumOptions.defaultTargetRowHeight,
            tolerance: members.tolerance ?? JustifiedAlbumOptions.defaultTolerance,
            scale: grid.scale)
        let spacing = sides(request.spacing, count: 2, default: JustifiedAlbumOptions.defaultSpacing)
        (options.horizontalSpacing, options.verticalSpacing) = (spacing[0], spacing[1])
        let inset = sides(request.inset, count: 4, default: JustifiedAlbumOptions.defaultInset)
        options.inset = EdgeInsets(top: inset[0], left: inset[3], bottom: inset[2], right: inset[1])
        options.maxRows = members.maxRows.flatMap { atLeastOne($0, "max_rows", &validation) }
        options.breakoutEvery = members.breakoutEvery.flatMap { atLeastOne($0, "breakout_every", &validation) }
        if let widow = members.widow {
            options.widowStyle = validation.name(widow, as: JustifiedAlbumOptions.WidowStyle.self, ["widow"]) ?? .left
        }
        // `problems` names each option by its path (`spacing/horizontal`); an option given as
        // one number has its problems at that number, once.
        var paths: Set<String> = []
        let problems = options.problems(screenWidth: screen?.width ?? .infinity) { name in
            switch (name.split(separator: "/").first, request.spacing, request.inset) {
            case ("spacing", .number?, _): "spacing"
            case ("inset", _, .number?): "inset"
            default: name
            }
        }
        for problem in problems where paths.insert(problem.pointer).inserted {
            validation.refuse(problem.pointer.split(separator: "/").map(String.init), problem.detail)
        }
        guard let screen, let ratios, problems.isEmpty else { return nil }
        return JustifiedAlbumInput(screen: screen, ratios: ratios, options: options)
    }

    /// The pictures' aspect ratios from `photos` or `aspect_ratios` (exactly one of them).
    private static func ratios(
        _ members: AlbumLayoutRequest.JustifiedMembers, _ validation: inout BrowserValidation
    ) -> [Double]? {
        switch (members.photos, members.aspectRatios) {
        case (nil, nil):
            validation.refuse(["photos"], "is required: photos [{\"width\", \"height\"}] or aspect_ratios")
            return nil
        case (_?, _?):
            validation.refuse(["aspect_ratios"], "is refused with photos: give photos or aspect_ratios, not both")
            return nil
        case (let photos?, nil):
            guard photos.count <= maxCount else {
                validation.refuse(["photos"], "must hold at most \(maxCount) pictures")
                return nil
            }
            var ratios: [Double] = []
            ratios.reserveCapacity(photos.count)
            for (index, photo) in photos.enumerated() {
                guard let size = validation.size(photo, ["photos", String(index)]) else { continue }
                let ratio = size.width / size.height
                if JustifiedAlbumOptions.accepts(ratio) {
                    ratios.append(ratio)
                } else {
                    validation.refuse(
                        ["photos", String(index)], "width / height \(JustifiedAlbumOptions.rangeRefusal)")
                }
            }
            return ratios.count == photos.count ? ratios : nil
        case (nil, let given?):
            guard given.count <= maxCount else {
                validation.refuse(["aspect_ratios"], "must hold at most \(maxCount) ratios")
                return nil
            }
            for problem in JustifiedAlbumOptions.problems(ratios: given, at: { String($0) }) {
                validation.refuse(["aspect_ratios", problem.pointer], problem.detail)
            }
            return given.allSatisfy(JustifiedAlbumOptions.accepts) ? given : nil
        }
    }

    /// `count` sides from one number, or from an object of sides (absent sides `value`).
    private static func sides(_ given: AlbumLayoutRequest.Sides?, count: Int, default value: Double) -> [Double] {
        switch given {
        case nil: [Double](repeating: value, count: count)
        case let given?: (0..<count).map { given.side($0) ?? value }
        }
    }

    /// A whole number ≥ 1 (`max_rows`, `breakout_every`); any larger than the most pictures
    /// means the same as the most pictures.
    private static func atLeastOne(_ value: Double, _ name: String, _ validation: inout BrowserValidation) -> Int? {
        guard value >= 1, value.rounded() == value else {
            validation.refuse([name], "must be a whole number ≥ 1")
            return nil
        }
        return Int(min(value, Double(maxCount + 1)))
    }
}
