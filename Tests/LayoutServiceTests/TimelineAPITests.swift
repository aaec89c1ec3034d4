import Foundation
import HTTPServer
import Testing

@testable import LayoutService
@testable import PhotoLayout

@Suite(.serialized)
struct TimelineAPITests {
    /// POST /v1/timeline/layout with a raw sample returns the core's layout for it.
    @Test func layoutOfASample() throws {
        let service = try RunningService()
        let body = try ServiceFixtures.sample("open-api-timeline-2020")
        let response = try service.client().request(
            "POST", "/v1/timeline/layout", headers: ["Content-Type": "application/json"], body: body)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let golden = try #require(try ServiceFixtures.golden("open-api-timeline-2020.classic"))
        #expect(try response.json() as? NSDictionary == golden)
    }

    /// Options in the body apply: adaptive at W = 355 puts a nine-grid's last cell at (239, 239).
    @Test func optionsInTheBody() throws {
        let service = try RunningService()
        let urls = (0..<9).map { #"{"thumbnail_pic": "http://h/thumbnail/\#($0).jpg"}"# }.joined(separator: ",")
        let body =
            #"{"statuses": [{"id": 1, "pic_urls": [\#(urls)]}], "options": {"style": "adaptive", "content_width": 355}}"#
        let response = try service.client().request("POST", "/v1/timeline/layout", body: Array(body.utf8))
        #expect(response.status == 200)
        let json = try #require(try response.json() as? [String: Any])
        let photos = try #require(((json["statuses"] as? [[String: Any]])?.first?["photos"]) as? [String: Any])
        let last = try #require((photos["items"] as? [[String: Any]])?.last?["frame"] as? [String: Double])
        #expect(last == ["x": 239, "y": 239, "width": 115.5, "height": 115.5])
    }

    /// Errors are problem+json, each of its listed type: 400 malformed (at the pointer of the
    /// value the syntax error is in), 400 wrong type with a pointer, 422 with pointers (an out
    /// of range number among them), 415 for a type that is not JSON or a charset not UTF-8.
    @Test func errorsAreProblems() throws {
        let service = try RunningService()
        let client = try service.client()
        let cases: [(String, [String: String], Int, String, String?)] = [
            (#"{"statuses": ["#, [:], 400, "invalid-json", "#/statuses/0"),
            (#"{"statuses": 5}"#, [:], 400, "wrong-type", "#/statuses"),
            (#"{"statuses": [], "options": {"style": "tiled"}}"#, [:], 422, "invalid-value", "#/options/style"),
            (
                #"{"statuses": [], "options": {"scale": 0}}"#, ["Content-Type": "application/vnd.api+json"], 422,
                "invalid-value", "#/options/scale"
            ),
            (#"{"statuses": []}"#, ["Content-Type": "text/plain"], 415, "unsupported-media-type", nil),
            (
                #"{"statuses": []}"#, ["Content-Type": "application/json; charset=iso-8859-1"], 415,
                "unsupported-media-type", nil
            ),
            (#"{"ok": -100, "url": "https://passport.weibo.com"}"#, [:], 422, "invalid-value", "#"),
            (#"{"ok": 1, "data": "x"}"#, [:], 400, "wrong-type", "#/data"),
            (#"true"#, [:], 400, "wrong-type", "#"),
            (#"{"statuses": [], "options": {"maxItems": 1, "itemsize": 10}}"#, [:], 422, "unknown-field", nil),
            (#"{"statuses": [], "options": {"scale": 2, "scale": 3}}"#, [:], 422, "repeated-field", "#/options/scale"),
            (#"{"statuses": [], "options": {"item_size": 1e400}}"#, [:], 422, "invalid-value", "#/options/item_size"),
            (
                #"{"statuses": [], "options": {"badge_size": {"width": 30, "heigth": 20}}}"#, [:], 422, "unknown-field",
                "#/options/badge_size/heigth"
            ),
            (
                #"{"statuses": [], "options": {"play_badge_size": {"width": 30, "width": 20}}}"#, [:], 422,
                "repeated-field", "#/options/play_badge_size/width"
            ),
            (
                #"{"statuses": [], "options": {"play_badge_size": {"width": 0, "height": 20}}}"#, [:], 422,
                "invalid-value", "#/options/play_badge_size"
            ),
            (
                #"{"statuses": [], "options": {"play_badge_size": {"width": 1}}}"#, [:], 400, "wrong-type",
                "#/options/play_badge_size"
            ),
        ]
        for (body, headers, status, type, pointer) in cases {
            let response = try client.request("POST", "/v1/timeline/layout", headers: headers, body: Array(body.utf8))
            #expect(response.status == status, "\(body)")
            #expect(response.header("Content-Type") == "application/problem+json")
            let problem = try #require(try response.json() as? [String: Any])
            #expect(problem["status"] as? Int == status)
            #expect(problem["type"] as? String == "urn:problem:timeline-layout:" + type, "\(body)")
            #expect(ProblemType.listed.map(\.uri).contains(problem["type"] as? String ?? ""))
            if let pointer {
                let errors = try #require(problem["errors"] as? [[String: String]])
                #expect(errors.map { $0["pointer"] } == [pointer])
            }
        }
    }

    /// The issue's cases, as a new user sends them: a weibo.com web API response and an
    /// m.weibo.cn container are laid out as they come; `pics[]` give nine cells and a long
    /// picture, `pic_num` a "+4"; pids alone give derived URLs; 14 pictures show 9 and "+5";
    /// unknown option names are each a 422 at their pointer.
    @Test func weiboResponsesAsTheyCome() throws {
        let service = try RunningService()
        let client = try service.client()
        func photos(_ body: String) throws -> [[String: Any]?] {
            let response = try client.request("POST", "/v1/timeline/layout", body: Array(body.utf8))
            #expect(response.status == 200, "\(response.text)")
            let statuses = try #require((try response.json() as? [String: Any])?["statuses"] as? [[String: Any]])
            return statuses.map { $0["photos"] as? [String: Any] }
        }
        let ajax = try photos(String(decoding: try ServiceFixtures.sample("weibo-com-web-ajax"), as: UTF8.self))
        #expect(ajax.count == 11)
        let container = try photos(String(decoding: try ServiceFixtures.sample("m-weibo-cn-container"), as: UTF8.self))
        #expect(container.count == 11)
        let nine = try #require(container[0])
        let items = try #require(nine["items"] as? [[String: Any]])
        #expect(items.count == 9 && nine["total"] as? Int == 9 && nine["more"] as? Int == 0)
        #expect(items[0]["is_long"] as? Bool == true)
        let thirteen = try #require(container.compactMap { $0 }.first { $0["total"] as? Int == 13 })
        #expect(thirteen["more"] as? Int == 4)
        #expect(
            (thirteen["more_label"] as? [String: Any])?["frame"] as? [String: Double]
                == ["x": 160, "y": 160, "width": 70, "height": 70])

        let pid = "0060n7Bqgy1hf4jwowf7vg30ku0h9dwc"
        let alone = try #require(try photos(#"[{"pic_ids": ["\#(pid)"]}]"#)[0])
        let item = try #require((alone["items"] as? [[String: Any]])?.first)
        #expect(item["is_gif"] as? Bool == true)
        #expect((item["large_url"] as? String)?.hasSuffix("sinaimg.cn/large/\(pid).gif") == true)

        let fourteen = (0..<14).map { #"{"thumbnail_pic": "http://wx1.sinaimg.cn/thumbnail/p\#($0).jpg"}"# }
        let retweet = try photos(#"[{"retweeted_status": {"pic_urls": [\#(fourteen.joined(separator: ","))]}}]"#)
        #expect(retweet[0] == nil)
        let response = try client.request(
            "POST", "/v1/timeline/layout",
            body: Array(#"[{"retweeted_status": {"pic_urls": [\#(fourteen.joined(separator: ","))]}}]"#.utf8))
        let grid = try #require(
            ((try response.json() as? [String: Any])?["statuses"] as? [[String: Any]])?.first?["retweeted"]
                as? [String: Any])
        let retweetPhotos = try #require(grid["photos"] as? [String: Any])
        #expect((retweetPhotos["items"] as? [Any])?.count == 9)
        #expect(retweetPhotos["total"] as? Int == 14 && retweetPhotos["more"] as? Int == 5)
        #expect((retweetPhotos["more_label"] as? [String: Any])?["text"] as? String == "+5")

        let strict = try client.request(
            "POST", "/v1/timeline/layout",
            body: Array(#"{"statuses": [], "options": {"maxItems": 1, "itemsize": 10}}"#.utf8))
        #expect(strict.status == 422)
        let errors = try #require((try strict.json() as? [String: Any])?["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == ["#/options/itemsize", "#/options/maxItems"])
    }

    /// A typo inside `badge_size` is a 422 at its pointer naming the size's names, reported
    /// after the unknown option names; `play_badge_size` is accepted.
    @Test func strictSizeOptions() throws {
        let service = try RunningService()
        let client = try service.client()
        let response = try client.request(
            "POST", "/v1/timeline/layout",
            body: Array(
                #"{"statuses": [], "options": {"badge_size": {"widht": 30, "height": 20}, "maxItems": 1}}"#.utf8))
        #expect(response.status == 422)
        let problem = try #require(try response.json() as? [String: Any])
        #expect(problem["type"] as? String == "urn:problem:timeline-layout:unknown-field")
        let errors = try #require(problem["errors"] as? [[String: String]])
        #expect(
            errors == [
                [
                    "pointer": "#/options/maxItems",
                    "detail": "unknown name; expected one of: style, item_size, spacing, max_items, content_width, "
                        + "min_item_width, scale, badge_size, play_badge_size",
                ],
                ["pointer": "#/options/badge_size/widht", "detail": "unknown name; expected one of: width, height"],
            ])
        let accepted = try client.request(
            "POST", "/v1/timeline/layout",
            body: Array(#"{"statuses": [], "options": {"play_badge_size": {"width": 40, "height": 40}}}"#.utf8))
        #expect(accepted.status == 200)
    }

    /// curl's default form content type is accepted when the body is JSON.
    @Test func curlDefaultContentTypeIsAccepted() throws {
        let service = try RunningService()
        let response = try service.client().request(
            "POST", "/v1/timeline/layout", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Array("[]".utf8))
        #expect(response.status == 200)
        #expect(response.text == #"{"statuses":[]}"#)
    }
}

@Suite(.serialized)
struct GridAPITests {
    /// GET /v1/grid?count=4 is the 2×2 grid, without URL fields, with a strong ETag.
    @Test func gridOfFour() throws {
        let service = try RunningService()
        let response = try service.client().request("GET", "/v1/grid?count=4")
        #expect(response.status == 200)
        let photos = try #require((try response.json() as? [String: Any])?["photos"] as? [String: Any])
        #expect(photos["columns"] as? Int == 2 && photos["rows"] as? Int == 2)
        #expect(photos["size"] as? [String: Double] == ["width": 150, "height": 150])
        let item = try #require((photos["items"] as? [[String: Any]])?[3])
        #expect(item["frame"] as? [String: Double] == ["x": 80, "y": 80, "width": 70, "height": 70])
        #expect(item["thumbnail_url"] == nil && item["kind"] as? String == "image")
        let etag = try #require(response.header("ETag"))
        #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
        #expect(response.header("Cache-Control") == "public, max-age=86400")
    }

    /// If-None-Match with the ETag gives 304 without a body; another query, another tag.
    @Test func conditionalGet() throws {
        let service = try RunningService()
        let client = try service.client()
        let first = try client.request("GET", "/v1/grid?count=3&style=adaptive&content_width=300&scale=3")
        let etag = try #require(first.header("ETag"))
        let again = try client.request(
            "GET", "/v1/grid?count=3&style=adaptive&content_width=300&scale=3",
            headers: ["If-None-Match": "\"x\", \(etag)"])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == etag)
        let other = try client.request("GET", "/v1/grid?count=2")
        #expect(other.header("ETag") != etag)
    }

    /// Query errors are located at #/query/NAME: 400 for a non-number, 422 for a bad value.
    @Test func queryErrors() throws {
        let service = try RunningService()
        let client = try service.client()
        for (target, status, pointer) in [
            ("/v1/grid", 422, "#/query/count"), ("/v1/grid?count=abc", 400, "#/query/count"),
            ("/v1/grid?count=5000", 422, "#/query/count"),
            ("/v1/grid?count=2&style=adaptive", 422, "#/query/content_width"),
            ("/v1/grid?count=2&scale=7", 422, "#/query/scale"),
            ("/v1/grid?count=2&maxitems=3", 422, "#/query/maxitems"),
        ] {
            let response = try client.request("GET", target)
            #expect(response.status == status, "\(target)")
            let errors = try #require((try response.json() as? [String: Any])?["errors"] as? [[String: String]])
            #expect(errors.map { $0["pointer"] } == [pointer])
        }
    }

    /// More pictures than `max_items`: the grid says how many are hidden, with "+N" on the last cell.
    @Test func countPastMaxItems() throws {
        let service = try RunningService()
        let response = try service.client().request("GET", "/v1/grid?count=14")
        let photos = try #require((try response.json() as? [String: Any])?["photos"] as? [String: Any])
        #expect((photos["items"] as? [Any])?.count == 9)
        #expect(photos["total"] as? Int == 14 && photos["more"] as? Int == 5)
        let label = try #require(photos["more_label"] as? [String: Any])
        #expect(label["text"] as? String == "+5")
        #expect(label["frame"] as? [String: Double] == ["x": 160, "y": 160, "width": 70, "height": 70])
        let four = try service.client().request("GET", "/v1/grid?count=4&max_items=4")
        let fourPhotos = try #require((try four.json() as? [String: Any])?["photos"] as? [String: Any])
        #expect(fourPhotos["more"] as? Int == 0 && fourPhotos["more_label"] is NSNull)
    }

    /// count=0 is a grid of nothing: {"photos": null}.
    @Test func zeroCount() throws {
        let service = try RunningService()
        let response = try service.client().request("GET", "/v1/grid?count=0")
        #expect(response.text == #"{"photos":null}"#)
    }
}

@Suite(.serialized)
struct OperationsTests {
    /// /healthz and /readyz answer 200 while serving; /metrics counts the requests by route.
    @Test func healthReadinessAndMetrics() throws {
        let service = try RunningService()
        let client = try service.client()
        #expect(try client.request("GET", "/healthz").status == 200)
        #expect(try client.request("GET", "/readyz").status == 200)
        _ = try client.request("GET", "/nowhere")
        let metrics = try client.request("GET", "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(metrics.text.contains(#"http_requests_total{route="getHealth",method="GET",status="200"} 1"#))
        #expect(metrics.text.contains(#"http_requests_total{route="other",method="GET",status="404"} 1"#))
        #expect(metrics.text.contains("http_open_connections 1"))
        #expect(metrics.text.contains(#"http_request_duration_seconds_count{route="getHealth"} 1"#))
        #expect(metrics.text.contains(#"http_request_duration_seconds_count{route="getReadiness"} 1"#))
        #expect(metrics.text.contains(#"http_request_duration_seconds_count{route="other"} 1"#))
    }

    /// /openapi.yaml serves the contract.
    @Test func servesOpenAPI() throws {
        let service = try RunningService()
        let response = try service.client().request("GET", "/openapi.yaml")
        #expect(response.status == 200)
        #expect(response.text.hasPrefix("openapi: 3.1"))
    }
}
