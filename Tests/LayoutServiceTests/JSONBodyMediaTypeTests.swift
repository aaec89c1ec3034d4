import Testing

@testable import LayoutService

/// `JSONBody.mediaType(of:)` finds on the bytes what the Character-wise split found.
struct JSONBodyMediaTypeTests {
    @Test(arguments: [
        "application/json", "application/json; charset=utf-8", " Application/JSON ;q=1", ";application/json",
        ";;text/plain;a=b", ";", ";;", "", "text/plain", "application/problem+json;x", "a;b;c", " ; ",
        "applicatión/json; charset=utf-8", "e\u{301};x", ";\u{301}application/json",
    ])
    func sameAsSplit(value: String) {
        let expected = value.split(separator: ";", maxSplits: 1).first ?? ""
        #expect(JSONBody.mediaType(of: value) == expected)
    }
}
