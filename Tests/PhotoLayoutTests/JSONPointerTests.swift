import PhotoLayout
import Testing

@Suite struct JSONPointerTests {
    @Test func componentsWithoutSpecialCharactersAreKept() {
        #expect(JSONPointer.fragment([]) == "#")
        #expect(JSONPointer.fragment(["variants", "ios3x", "content_width"]) == "#/variants/ios3x/content_width")
        #expect(JSONPointer.fragment(["", "0"]) == "#//0")
        #expect(JSONPointer.fragment(["图片"]) == "#/图片")
    }

    @Test func tildeAndSlashAreEscapedTildeFirst() {
        #expect(JSONPointer.fragment(["a/b"]) == "#/a~1b")
        #expect(JSONPointer.fragment(["m~n"]) == "#/m~0n")
        #expect(JSONPointer.fragment(["~1"]) == "#/~01")
        #expect(JSONPointer.fragment(["~/", "plain", "/"]) == "#/~0~1/plain/~1")
    }
}
