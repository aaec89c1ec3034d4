import Testing

@testable import LayoutService

struct PlaygroundPageTests {
    /// The samples are inlined at the marker, each in its own script element, with `</`
    /// escaped so that a sample containing "</script>" cannot end the element early.
    @Test func samplesAreInlinedAndEscaped() throws {
        let resources = ResourceFiles(files: [
            "playground/index.html": Array("<head><!--SAMPLES--></head>".utf8),
            "samples/client-api-timeline.json": Array(#"{"text":"a</script>b"}"#.utf8),
            "samples/open-api-legacy-2012.json": Array("[]".utf8),
        ])
        let page = String(decoding: try #require(resources.playgroundPage()), as: UTF8.self)
        #expect(
            page == #"""
                <head><script type="application/json" id="sample-client-api-timeline">{"text":"a<\/script>b"}</script>
                <script type="application/json" id="sample-open-api-legacy-2012">[]</script>
                </head>
                """#)
    }

    /// Without the page installed there is no playground (GET / answers 503, not a crash).
    @Test func missingPage() {
        #expect(ResourceFiles(files: [:]).playgroundPage() == nil)
    }
}
