import ReferenceTimelineReader
import Testing

@testable import PhotoLayout

struct FoundationTimelineReaderTests {
    /// A raw Weibo response (with its other fields) is read as is: 27 statuses, 43 pictures.
    @Test func readsRawClientTimeline() throws {
        let request = try FoundationTimelineReader().readTimeline(try Fixtures.sample("client-api-timeline"))
        #expect(request.statuses.count == 27)
        let pictures = request.statuses.flatMap { [$0.media] + ($0.retweeted.map { [$0.media] } ?? []) }.map(
            PictureRules.pictures(of:))
        #expect(pictures.map(\.count).reduce(0, +) == 43)
        #expect(request.options == RawGridOptions())
    }

    /// The 2012 timeline has one thumbnail_pic per picture status: 9 pictures in 20 statuses.
    @Test func readsLegacyTimeline() throws {
        let request = try FoundationTimelineReader().readTimeline(try Fixtures.sample("open-api-legacy-2012"))
        #expect(request.statuses.count == 20)
        let pictures = request.statuses.flatMap { [$0.media] + ($0.retweeted.map { [$0.media] } ?? []) }.map(
            PictureRules.pictures(of:))
        #expect(pictures.map(\.count).reduce(0, +) == 9)
    }

    /// A bare array of statuses is a timeline too.
    @Test func readsBareArray() throws {
        let request = try Fixtures.read(#"[{"idstr": "1"}, {"id": 2}]"#)
        #expect(request.statuses.map(\.id) == ["1", "2"])
    }

    /// Ids: idstr wins; a number keeps its literal digits past 2^53 and past 64 bits; absent is nil.
    @Test func idsKeepTheirDigits() throws {
        let request = try Fixtures.read(
            #"""
            {"statuses": [{"id": 3418805428950587}, {"id": 9007199254740993}, {"id": 123456789012345678901234567890},
                          {"id": 1, "idstr": "42"}, {"id": "77"}, {}, {"idstr": 5, "id": 6}]}
            """#)
        #expect(
            request.statuses.map(\.id) == [
                "3418805428950587", "9007199254740993", "123456789012345678901234567890", "42", "77", nil, "6",
            ])
    }

    /// Sizes as numbers or numeric strings; wrong types inside a status count as absent.
    @Test func lenientInsideStatuses() throws {
        let request = try Fixtures.read(
            #"""
            {"statuses": [{"pic_ids": ["a", 7, "b"], "pic_infos": {
                "a": {"keep_size": "1", "type": 3, "bmiddle": {"url": "http://h/or360/a.jpg", "width": "360", "height": 639}},
                "b": {"bmiddle": {"url": 5, "width": "wide", "height": null}, "thumbnail": "nope"}},
              "pic_urls": "x", "thumbnail_pic": ["y"], "retweeted_status": 12}]}
            """#)
        let status = try #require(request.statuses.first)
        #expect(status.media.picIDs == ["a", "b"])
        #expect(status.media.picURLs == [] && status.media.thumbnailPic == nil && status.retweeted == nil)
        let a = try #require(status.media.picInfos["a"])
        #expect(a.keepSize && a.type == nil)
        #expect(a.variants[.bmiddle]?.knownSize == Size(width: 360, height: 639))
        let b = try #require(status.media.picInfos["b"])
        #expect(b.variants[.bmiddle] == WeiboPictureVariant())
        #expect(b.variants[.thumbnail] == nil)
    }

    /// keep_size is truthy unless 0, false, "0" or absent.
    @Test func keepSizeTruthiness() throws {
        let request = try Fixtures.read(
            #"""
            {"statuses": [{"pic_ids": ["a","b","c","d","e","f"], "pic_infos": {
              "a": {"keep_size": 1}, "b": {"keep_size": 0}, "c": {"keep_size": true}, "d": {"keep_size": false},
              "e": {"keep_size": "0"}, "f": {}}}]}
            """#)
        let infos = try #require(request.statuses.first).media.picInfos
        #expect(
            ["a", "b", "c", "d", "e", "f"].map { infos[$0]?.keepSize } == [true, false, true, false, false, false])
    }

    /// retweeted_status is read one level deep; its own retweet is ignored.
    @Test func retweetOneLevel() throws {
        let request = try Fixtures.read(
            #"""
            {"statuses": [{"idstr": "1", "retweeted_status": {"idstr": "2", "pic_urls": [{"thumbnail_pic": "http://h/thumbnail/r.jpg"}, {"x": 1}],
              "retweeted_status": {"idstr": "3", "thumbnail_pic": "http://h/thumbnail/deep.jpg"}}}]}
            """#)
        let retweet = try #require(request.statuses.first?.retweeted)
        #expect(retweet == WeiboRetweet(id: "2", media: WeiboMedia(picURLs: ["http://h/thumbnail/r.jpg"])))
    }

    /// Options are read with their types; null means absent.
    @Test func readsOptions() throws {
        let request = try Fixtures.read(
            #"{"statuses": [], "options": {"style": "adaptive", "content_width": 355, "scale": 3, "spacing": null, "badge_size": {"width": 30, "height": 20}}}"#
        )
        #expect(
            request.options
                == RawGridOptions(
                    style: "adaptive", contentWidth: 355, scale: 3, badgeSize: Size(width: 30, height: 20)))
    }

    /// The request's own fields are strict, each error at its pointer: no envelope is a 422
    /// at the root, an envelope key of the wrong type a 400 at that key.
    @Test(arguments: [
        (#"{"options": {}}"#, InputError.Kind.invalidValue, "#"),
        (#"{"statuses": null}"#, .invalidValue, "#"),
        (#"{"data": {"user": {}}}"#, .invalidValue, "#"),
        (#"{"statuses": {}}"#, .wrongType, "#/statuses"),
        (#"{"data": []}"#, .wrongType, "#/data"),
        (#"{"data": {"list": 5}}"#, .wrongType, "#/data/list"),
        (#"{"data": {"cards": {}}}"#, .wrongType, "#/data/cards"),
        (#"{"cards": "x"}"#, .wrongType, "#/cards"),
        (#"{"statuses": [], "options": []}"#, .wrongType, "#/options"),
        (#"{"statuses": [], "options": {"scale": "2"}}"#, .wrongType, "#/options/scale"),
        (#"{"statuses": [], "options": {"style": 1}}"#, .wrongType, "#/options/style"),
        (#"{"statuses": [], "options": {"badge_size": {"width": 1}}}"#, .wrongType, "#/options/badge_size"),
        (#""statuses""#, .wrongType, "#"),
    ])
    func strictRequestFields(json: String, kind: InputError.Kind, pointer: String) {
        do {
            _ = try Fixtures.read(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.kind == kind)
            #expect(error.problems.map(\.pointer) == [pointer])
        }
    }

    /// Malformed JSON is refused with its position.
    @Test func malformedJSONSaysWhere() {
        for json in [#"{"statuses": [}"#, "", #"{"statuses": []"#, "nope"] {
            do {
                _ = try Fixtures.read(json)
                Issue.record("accepted \(json)")
            } catch {
                #expect(error.kind == .malformed)
                #expect(error.detail.hasPrefix("malformed JSON"))
            }
        }
    }
}
