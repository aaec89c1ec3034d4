import HTTPServer
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

    /// Which Content-Type values `check` takes (the plain `application/json` without parsing it,
    /// the others parsed) and which it answers 415.
    @Test(arguments: [
        ("application/json", true), ("Application/JSON", true), ("application/json; charset=utf-8", true),
        (" application/json ", true), ("application/problem+json", true), ("application/x-www-form-urlencoded", true),
        ("", true), ("application/json; charset=latin1", false), ("application/jsonx", false),
        ("text/plain", false), ("application/json\t;charset=UTF8", true),
    ])
    func contentTypes(value: String, accepted: Bool) {
        var headers = HTTPHeaders()
        headers.set(.contentType, value)
        let request = HTTPRequest(method: .post, target: "/v1/timeline/layout", headers: headers)
        let outcome: Bool
        do {
            try JSONBody.check(request)
            outcome = true
        } catch {
            #expect(error.problem.status == .unsupportedMediaType, "\(value)")
            outcome = false
        }
        #expect(outcome == accepted, "\(value)")
    }

    /// A JSON response carries `Content-Type: application/json` and nothing else, whatever its
    /// status and body.
    @Test func responsesCarryTheJSONContentType() {
        for (status, body) in [(HTTPStatus.ok, Array(#"{"a":1}"#.utf8)), (.unprocessableContent, [])] {
            let response = JSONBody.response(body, status: status)
            #expect(response.status == status)
            #expect(response.body == body)
            #expect(response.headers.count == 1)
            #expect(response.headers[.contentType] == "application/json")
        }
    }
}
