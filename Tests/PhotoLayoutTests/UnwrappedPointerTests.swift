import Testing

@testable import PhotoLayout

/// `UnsafePointer.unwrapped()`: the rules read optional input structs in place through it, so it
/// must see exactly what `Optional` holds, for every shape the rules read that way.
struct UnwrappedPointerTests {
    /// A present variant is read back field for field; an absent one is `nil`.
    @Test func variantSlots() {
        let present: WeiboPictureVariant? = WeiboPictureVariant(
            url: "http://h/bmiddle/a.jpg", width: 440, height: 1200, type: "gif")
        let read = withUnsafePointer(to: present) { $0.unwrapped()?.pointee }
        #expect(read == present)
        let absent: WeiboPictureVariant? = nil
        #expect(withUnsafePointer(to: absent) { $0.unwrapped() == nil })
        // A variant whose every field is nil is still a present variant, not `nil`.
        let empty: WeiboPictureVariant? = WeiboPictureVariant()
        #expect(withUnsafePointer(to: empty) { $0.unwrapped()?.pointee } == WeiboPictureVariant())
    }

    /// A status's retweet is read in place: its id and media, or `nil` without a retweet.
    @Test func retweets() {
        let retweet: WeiboRetweet? = WeiboRetweet(id: "42", media: WeiboMedia(picIDs: ["a", "b"], picNum: 2))
        let read = withUnsafePointer(to: retweet) { $0.unwrapped()?.pointee }
        #expect(read?.id == "42")
        #expect(read?.media.picIDs == ["a", "b"])
        #expect(read == retweet)
        let none: WeiboRetweet? = nil
        #expect(withUnsafePointer(to: none) { $0.unwrapped() == nil })
    }
}
