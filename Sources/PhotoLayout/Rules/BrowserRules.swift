/// The photo browser (docs/API.md §5, §6): pages, page label, picture frames, zoom, strip,
/// watermark, pan and transitions, every geometry value rounded once on the input's grid.
public enum BrowserRules {
    /// `POST /v1/browser/open`. Throws only when the requested keyframes are too many.
    public static func open(_ input: BrowserInput) throws(InputError) -> BrowserOpenResponse {
        let grid = input.pixelGrid
        let count = input.pictures.count
        let spacing = input.pageSpacing
        let label = BrowserPageRules.label(index: input.index, count: count, screen: input.screen)
        return BrowserOpenResponse(
            index: input.index,
            count: count,
            contentSize: grid.round(BrowserPageRules.contentSize(count: count, screen: input.screen, spacing: spacing)),
            contentOffset: grid.round(
                BrowserPageRules.contentOffset(index: input.index, screen: input.screen, spacing: spacing)
            ),
            pageLabel: BrowserPageLabel(text: label.text, frame: grid.round(label.frame)),
            pages: input.pictures.indices.map { page(at: $0, of: input) },
            strip: StripRules.layout(
                count: count,
                selected: input.index,
                screen: input.screen,
                startOffset: input.stripOffset,
                grid: grid
            ),
            transition: try TransitionRules.open(input)
        )
    }

    /// `POST /v1/browser/close`.
    public static func close(_ input: BrowserCloseInput) throws(InputError) -> BrowserCloseResponse {
        let (transition, scrollTo) = try TransitionRules.close(input)
        return BrowserCloseResponse(index: input.browser.index, transition: transition, scrollTo: scrollTo)
    }

    /// Page `index`: its frame in the paging content, its picture frame, zoom, pan and
    /// watermark. A placeholder page has no watermark (decision: there is no picture yet to mark).
    static func page(at index: Int, of input: BrowserInput) -> BrowserPage {
        let grid = input.pixelGrid
        let picture = input.pictures[index]
        let photoFrame = BrowserPhotoRules.frame(
            for: picture.size,
            screen: input.screen,
            mode: input.contentMode,
            upscale: input.upscale
        )
        let placeholder = picture.size == nil
        let pan = BrowserOverlayRules.panRange(photoFrame: photoFrame, screen: input.screen, mode: input.contentMode)
        let watermark =
            placeholder
            ? nil
            : input.watermark.flatMap {
                BrowserOverlayRules.watermarkFrame($0, photoFrame: photoFrame, screen: input.screen)
            }
        return BrowserPage(
            index: index,
            url: picture.url,
            frame: grid.round(
                BrowserPageRules.pageFrame(index: index, screen: input.screen, spacing: input.pageSpacing)
            ),
            photoFrame: grid.round(photoFrame),
            placeholder: placeholder,
            zoom: ZoomRules.limits,
            pan: pan.map {
                BrowserPanRange(min: grid.round($0.min), max: grid.round($0.max), initial: grid.round($0.initial))
            },
            watermarkFrame: watermark.map(grid.round)
        )
    }
}
