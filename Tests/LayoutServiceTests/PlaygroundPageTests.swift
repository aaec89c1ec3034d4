import Foundation
import Testing

@testable import LayoutService

struct PlaygroundPageTests {
    /// The page carries the names of the samples installed, not the samples: one JSON array in
    /// a script element at the marker, in the menu's order.
    @Test func sampleNamesAtTheMarker() throws {
        let resources = ResourceFiles(files: [
            "playground/index.html": Array("<head><!--SAMPLES--></head>".utf8),
            "samples/client-api-timeline.json": Array(#"{"text":"a</script>b"}"#.utf8),
            "samples/open-api-legacy-2012.json": Array("[]".utf8),
        ])
        let page = String(decoding: try #require(resources.playgroundPage()), as: UTF8.self)
        #expect(
            page
                == #"<head><script type="application/json" id="samples">["client-api-timeline","open-api-legacy-2012"]</script></head>"#
        )
    }

    /// Without the page installed there is no playground (GET / answers 503, not a crash).
    @Test func missingPage() {
        #expect(ResourceFiles(files: [:]).playgroundPage() == nil)
    }

    /// The shipped page stays small, with every sample installed: under 100 KB before gzip.
    @Test func shippedPageIsUnder100KB() throws {
        let service = try RunningService()
        let page = try service.client().request("GET", "/")
        #expect(page.status == 200)
        #expect(page.body.count < 100 * 1024, "\(page.body.count) bytes")
        #expect(page.text.contains(#"id="samples">["client-api-timeline","#))
    }

    /// `GET /samples?name=NAME` serves each sample byte for byte as shipped (and as the tests'
    /// fixtures hold it), gzip when accepted, 304 on its tag; a missing name or another
    /// parameter is a 422 at its pointer, a name not offered a 404.
    @Test func samplesOnDemand() throws {
        let service = try RunningService()
        let client = try service.client()
        for name in ResourceFiles.sampleNames {
            let response = try client.request("GET", "/samples?name=\(name)")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.body == (try ServiceFixtures.sample(name)), "\(name)")
            let tag = try #require(response.header("ETag"))
            #expect(try client.request("GET", "/samples?name=\(name)", headers: ["If-None-Match": tag]).status == 304)
            let gzip = try client.request("GET", "/samples?name=\(name)", headers: ["Accept-Encoding": "gzip"])
            #expect(gzip.header("Content-Encoding") == "gzip" && gzip.body.count < response.body.count)
        }
        let missing = try client.request("GET", "/samples")
        #expect(missing.status == 422)
        #expect(missing.text.contains(##""pointer":"#/query/name""##))
        let other = try client.request("GET", "/samples?name=client-api-timeline&nme=x")
        #expect(other.status == 422 && other.text.contains(##""pointer":"#/query/nme""##))
        let unknown = try client.request("GET", "/samples?name=passwd")
        #expect(unknown.status == 404)
        #expect(unknown.text.contains("no sample named \\\"passwd\\\""))
    }
}
