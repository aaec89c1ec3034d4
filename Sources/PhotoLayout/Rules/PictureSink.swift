/// Where `PictureRules.forEachPicture` delivers a status's pictures, one at a time and in
/// order. A sink is a value the caller owns and passes `inout`, so what it collects (an array
/// of pictures, a grid's items) stays uniquely referenced and grows in place: a closure that
/// captured the caller's array made each append copy it.
protocol PictureSink {
    /// Takes the next picture; the sink owns it from here.
    mutating func take(_ picture: consuming Picture)
    /// How many pictures the sink has taken.
    var taken: Int { get }
}

/// The pictures themselves, in order: what `PictureRules.pictures(of:)` returns.
struct PictureArraySink: PictureSink {
    var pictures: [Picture] = []

    mutating func take(_ picture: consuming Picture) {
        pictures.append(picture)
    }

    var taken: Int { pictures.count }
}

/// A grid's items: the first `maxItems` pictures become items (frames not placed yet), the
/// rest are only counted (`total`). Remembers the one picture's size the adaptive single
/// picture needs.
struct GridItemSink: PictureSink {
    let maxItems: Int
    var items: [GridItem] = []
    private(set) var taken = 0
    /// The first picture's `bmiddle` size, unless it has `keep_size`.
    private(set) var firstSize: Size?

    init(maxItems: Int) {
        self.maxItems = maxItems
    }

    mutating func take(_ picture: consuming Picture) {
        if taken == 0 {
            firstSize = picture.keepSize ? nil : picture.bmiddleSize
            items.reserveCapacity(min(maxItems, GridPlan.cachedCells))
        }
        if taken < maxItems {
            let item = GridItem(index: taken, picture: picture)
            items.append(consume item)
        }
        taken += 1
    }

    /// The size the adaptive single picture reads: the first picture's, when it is the only one.
    var singleSize: Size? { taken == 1 ? firstSize : nil }
}
