import Testing

@testable import PhotoLayout

struct GoldenTimelineTests {
    /// Each sample timeline, classic style, equals its golden layout.
    @Test(arguments: Fixtures.sampleNames)
    func classicLayout(sample: String) throws {
        let request = try FoundationTimelineReader().readTimeline(try Fixtures.sample(sample))
        try Golden.check(
            TimelineRules.layout(for: request.statuses, options: GridOptions()), named: "\(sample).classic")
    }

    /// The client-API sample (sizes, GIFs, long pictures) in the adaptive style at scale 3.
    @Test func adaptiveLayout() throws {
        let request = try FoundationTimelineReader().readTimeline(try Fixtures.sample("client-api-timeline"))
        let options = try GridOptions.validated(RawGridOptions(style: "adaptive", contentWidth: 355, scale: 3))
        try Golden.check(
            TimelineRules.layout(for: request.statuses, options: options), named: "client-api-timeline.adaptive-355@3x")
    }

    /// Spot checks of the golden layout against DESIGN by hand: a GIF badge, a long badge, a retweet grid.
    @Test func goldenSpotChecks() throws {
        let request = try FoundationTimelineReader().readTimeline(try Fixtures.sample("client-api-timeline"))
        let layout = TimelineRules.layout(for: request.statuses, options: GridOptions())
        let items = layout.statuses.flatMap { [$0.photos] + [$0.retweeted?.photos] }.compactMap { $0 }.flatMap(\.items)
        let gif = try #require(items.first { $0.isGIF })
        #expect(gif.badge?.kind == .gif)
        #expect(gif.badge?.frame == Rect(x: gif.frame.maxX - 28, y: gif.frame.maxY - 18, width: 28, height: 18))
        let long = try #require(items.first { $0.isLong && !$0.isGIF })
        #expect(long.badge?.kind == .long)
        #expect(layout.statuses.contains { $0.retweeted?.photos != nil })
    }
}
