import Testing
import TimelineCorpus

@testable import PhotoLayout

/// The timeline's fast path (`Rules/FastPath`: statuses read in place into a `LayoutTable`)
/// equals the rules stated on values (`PictureRules.pictures(of:)`, `GridRules.layout`,
/// `TimelineRules.layout(for: status)`), picture by picture and grid by grid, on the samples and
/// on the fuzz corpus, in each style.
struct FastPathTests {
    static let optionSets: [GridOptions] = {
        var fourAtMost = GridOptions()
        fourAtMost.maxItems = 4
        var twelve = GridOptions(style: .adaptive, contentWidth: 320, scale: 2)
        twelve.maxItems = 12
        // A mosaic shows at most ten, whatever `max_items` says.
        var mosaicTwelve = GridOptions(style: .mosaic, contentWidth: 320, scale: 2)
        mosaicTwelve.maxItems = 12
        mosaicTwelve.minItemWidth = 60
        return [
            GridOptions(), GridOptions(style: .adaptive, contentWidth: 355, scale: 3), fourAtMost, twelve,
            GridOptions(style: .mosaic, contentWidth: 355, scale: 3), mosaicTwelve,
        ]
    }()

    /// Checks one request: its layout by the fast path against each status laid out on values,
    /// and each status's pictures given to a sink in place against `pictures(of:)`.
    static func check(_ request: TimelineRequest, options: GridOptions, sourceLocation: SourceLocation) {
        let fast = TimelineRules.layout(for: request, options: options)
        let values = request.statuses.map { TimelineRules.layout(for: $0, options: options) }
        #expect(fast.statuses == values, sourceLocation: sourceLocation)
        for media in request.statuses.flatMap({ [$0.media] + [$0.retweeted?.media].compactMap { $0 } }) {
            var sink = PictureArraySink()
            withUnsafePointer(to: media) { PictureRules.forEachPicture(at: $0, into: &sink) }
            #expect(sink.pictures == PictureRules.pictures(of: media), sourceLocation: sourceLocation)
        }
    }

    /// Each sample, in each style: the same statuses, grids, items and pictures both ways.
    @Test(arguments: Fixtures.sampleNames)
    func samplesEqualTheValueRules(sample: String) throws {
        let request = try ByteTimelineReader().readTimeline(try Fixtures.sample(sample))
        #expect(!request.statuses.isEmpty)
        for options in Self.optionSets { Self.check(request, options: options, sourceLocation: #_sourceLocation) }
    }

    /// Thousands of mutated samples and random documents, each read, laid out with its own
    /// options when they are valid (else the defaults) and with the adaptive ones.
    @Test func fuzzCorpusEqualsTheValueRules() throws {
        let samples = try Fixtures.sampleNames.map(Fixtures.sample)
        let documents = try TimelineFuzzer.corpus(
            samples: samples, fuzzerSeed: 51, randomSeed: 52, mutated: 3000, random: 300)
        var laidOut = 0
        for document in documents {
            guard let request = try? ByteTimelineReader().readTimeline(document) else { continue }
            let own = (try? GridOptions.validated(request.options)) ?? GridOptions()
            for options in [own, Self.optionSets[1], Self.optionSets[4]] {
                Self.check(request, options: options, sourceLocation: #_sourceLocation)
            }
            laidOut += 1
        }
        // Most documents are still timelines after their mutation.
        #expect(laidOut > 1000)
    }

    /// The cards the fast path writes are those of the value rules (`check` compares them), and
    /// the comparison is not vacuous: the client API's sample has its three cards in the table
    /// in each style.
    @Test func samplesCardsInTheTable() throws {
        let request = try ByteTimelineReader().readTimeline(try Fixtures.sample("client-api-timeline"))
        for options in Self.optionSets {
            let fast = TimelineRules.layout(for: request, options: options)
            #expect(fast.table.cards.count == 3)
            let cards = fast.statuses.flatMap { [$0.card, $0.retweeted?.card] }.compactMap { $0 }
            #expect(cards == fast.table.cards)
        }
    }

    /// A `pic_infos` of more entries than Weibo sends (40) is looked up through `PicInfoLookup`'s
    /// dictionary on both paths: each pid of `pic_ids` (in reverse order, one unknown) finds its
    /// entry, in `pic_ids` order.
    @Test func largeInfoTablesAgree() {
        var infos: [String: WeiboPictureInfo] = [:]
        for index in 0..<40 {
            infos["p\(index)"] = WeiboPictureInfo(
                variants: [.thumbnail: WeiboPictureVariant(url: "http://h/thumbnail/\(index).jpg")])
        }
        let media = WeiboMedia(picIDs: ["missing"] + (0..<40).reversed().map { "p\($0)" }, picInfos: infos)
        let pictures = PictureRules.pictures(of: media)
        #expect(pictures.map(\.thumbnailURL) == (0..<40).reversed().map { "http://h/thumbnail/\($0).jpg" })
        var sink = PictureArraySink()
        withUnsafePointer(to: media) { PictureRules.forEachPicture(at: $0, into: &sink) }
        #expect(sink.pictures == pictures)
    }
}
