import Testing

@testable import LayoutService

/// RFC 9110 §12.5.1: the most specific matching range decides, q=0 excludes.
struct MediaRangesTests {
    @Test(arguments: [
        ("application/json", "application/json", true),
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "application/json", true),
        ("text/html", "application/json", false),
        ("application/*;q=0.1", "application/json", true),
        ("*/*;q=0, application/json", "application/json", true),
        ("*/*, application/json;q=0", "application/json", false),
        ("application/json ; q=0.000", "application/json", false),
        ("", "application/json", true),
        ("garbage", "application/json", true),
    ])
    func admits(accept: String, type: String, admitted: Bool) {
        #expect(MediaRanges(accept).admits(type) == admitted)
    }
}
