import Testing

@testable import HTTPServer

/// Whether headers may be written is settled as they are set (`HTTPHeaders.areWritable`): every
/// way of changing them keeps the answer a full check would give.
struct HTTPHeadersWritabilityTests {
    /// What checking every field now answers.
    static func fullCheck(_ headers: HTTPHeaders) -> Bool {
        headers.fields.allSatisfy { field in
            field.name.isToken && field.value.utf8.allSatisfy(ASCII.isFieldValueCharacter)
        }
    }

    /// Literal, pairs, add, set and remove: a bad field makes them unwritable until it is gone.
    @Test func followsEveryChange() {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(headers.areWritable)
        headers.add("X-Bad", "a\r\nInjected: yes")
        #expect(!headers.areWritable && !Self.fullCheck(headers))
        headers.set("X-Bad", "fine")
        #expect(headers.areWritable && Self.fullCheck(headers))
        headers.add("Bad Name", "v")
        #expect(!headers.areWritable)
        headers.remove("bad name")
        #expect(headers.areWritable)
        headers.set("X-Tab", "a\tb")  // a tab may stand in a value
        #expect(headers.areWritable)
        headers.set("X-Tab", "a\u{7F}")
        #expect(!headers.areWritable && !Self.fullCheck(headers))
        #expect(!HTTPHeaders([("X-Nul", "\u{0}")]).areWritable)
        #expect(HTTPHeaders([("X-Ok", "é")]).areWritable)
        #expect(HTTPHeaders().areWritable)
    }

    /// Received fields are checked when asked, from their bytes.
    @Test func receivedFieldsCheckedWhenAsked() {
        let good = HTTPHeaders(received: [HTTPHeaders.Field(name: "X-A", bytes: Array("ok".utf8)[...])])
        let bad = HTTPHeaders(received: [HTTPHeaders.Field(name: "X-A", bytes: [0x6F, 0x0A][...])])
        #expect(good.areWritable && !bad.areWritable)
    }

    /// A response with a bad header, or a bad custom reason, is unwritable; a standard one is not scanned.
    @Test func responsesJudgedAsBefore() {
        #expect(HTTP1Serializer.isWritable(HTTPResponse(headers: ["X-A": "b"])))
        #expect(!HTTP1Serializer.isWritable(HTTPResponse(headers: ["X-A": "b\rc"])))
        #expect(!HTTP1Serializer.isWritable(HTTPResponse(status: HTTPStatus(code: 200, reason: "O\nK"))))
        #expect(HTTP1Serializer.isWritable(HTTPResponse(status: HTTPStatus(code: 250, reason: "Fine"))))
        #expect(!HTTP1Serializer.isWritable(HTTPResponse(status: .continue)))
    }
}
