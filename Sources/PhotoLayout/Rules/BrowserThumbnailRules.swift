/// Which thumbnail a page opens from and closes to (docs/API.md §6 "Which thumbnail"), exact.
package enum BrowserThumbnailRules {
    /// The thumbnail of picture `index`: its given frame, or its cell of the section-4 grid
    /// (`GridRules.geometry`, the grid the timeline rounds and draws) moved to the grid origin.
    /// `nil` when it has none: a `null` entry, a picture past `max_items`, or no source.
    package static func frame(at index: Int, count: Int, source: BrowserThumbnailSource) -> Rect? {
        switch source {
        case .frames(let frames):
            return frames.indices.contains(index) ? frames[index] : nil
        case .grid(let origin, let options, let singlePictureSize, let pictureSizes):
            guard
                let geometry = GridRules.geometry(
                    count: count, singlePictureSize: singlePictureSize, pictureSizes: pictureSizes, options: options),
                geometry.frames.indices.contains(index)
            else { return nil }
            return geometry.frames[index].offsetBy(dx: origin.x, dy: origin.y)
        case .none:
            return nil
        }
    }
}
