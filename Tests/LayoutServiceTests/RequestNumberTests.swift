import JSONBytes
import Testing

@testable import LayoutService
@testable import PhotoLayout

/// `scanDouble`'s value, consumed length and error for `text` followed by `tail`, next to
/// what `double(scanNumber())` gives for the same bytes.
private func both(_ text: String, tail: String = ",") -> (fast: String, reference: String) {
    let bytes = Array((text + tail).utf8)
    func outcome(_ read: (inout JSONScanner) throws(JSONSyntaxError) -> Double?) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONSyntaxError) {
                var scanner = try JSONScanner(buffer)
                let value = try read(&scanner)
                return "\(value.map { String($0.bitPattern) } ?? "nil") at \(scanner.position)"
            } catch {
                return "error \(error.offset): \(error.message)"
            }
        }
    }
    return (
        outcome { scanner throws(JSONSyntaxError) in try scanner.scanDouble() },
        outcome { scanner throws(JSONSyntaxError) in scanner.double(try scanner.scanNumber()) }
    )
}

/// Request numbers read in one pass (`JSONScanner.scanDouble`) give the very double, position
/// and syntax error of the two-pass reading they replace (`double(scanNumber())`).
struct RequestNumberTests {
    /// Plain numbers, the grammar's edge cases and errors, and the shapes handed back to the
    /// two-pass reading (exponents, more than 15 digits, out of range).
    @Test(arguments: [
        "0", "-0", "7", "70", "-12", "375", "0.5", "-0.35", "114.33333333333333", "0.1", "123456789012345",
        "1234567890123456", "12345678901234567890", "0.000000000000001", "0.0000000000000001", "1e3", "1E-2",
        "-2.5e+1", "1e999", "-1e999", "1e-999", "01", "-", "-a", "1.", "1.e3", ".5", "00", "-01", "1e", "1e+",
        "999999999999999", "9999999999999999", "4.503599627370497e15", "0.30000000000000004",
    ])
    func sameAsTwoPasses(text: String) {
        let (fast, reference) = both(text)
        #expect(fast == reference)
        let (fastAtEnd, referenceAtEnd) = both(text, tail: "")
        #expect(fastAtEnd == referenceAtEnd)
    }

    /// 200,000 seeded decimals of 1 to 18 digits with 0 to 17 of them after the point, either sign.
    @Test func seededDecimals() {
        var state: UInt64 = 15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let digits = Int(next() % 18) + 1
            var text = String((0..<digits).map { _ in Character(String(next() % 10)) })
            while text.count > 1, text.first == "0" { text.removeFirst() }
            let point = Int(next() % UInt64(text.count + 1))
            if point > 0, point < text.count {
                text.insert(".", at: text.index(text.startIndex, offsetBy: text.count - point))
            }
            if next() % 2 == 0 { text = "-" + text }
            let (fast, reference) = both(text)
            if fast != reference { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}

/// `canonicalNumbers` on `text`: its values and where it stopped, or `nil` and the position
/// it left untouched.
private func canonical(_ text: String) -> (values: [Double]?, position: Int) {
    let keys = JSONKeySet(["x", "y", "width", "height"])
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
        // Not nil: every text here is non-empty.
        var scanner = try! JSONScanner(buffer)
        let values = scanner.canonicalNumbers(keys)
        return (values.map { [$0[0], $0[1], $0[2], $0[3]] }, scanner.position)
    }
}

/// Frames as clients write them are read without the member loop, to the values the member
/// loop reads; every other shape is left to the member loop, untouched.
struct CanonicalNumbersTests {
    /// Compact and `json.dumps` spacing, integers, decimals and negatives: read whole.
    @Test(
        arguments: [
            (#"{"x":12,"y":240,"width":70,"height":70}"#, [12.0, 240, 70, 70]),
            (#"{"x": 12, "y": 240, "width": 70, "height": 70}"#, [12.0, 240, 70, 70]),
            (#"{ "x": -0.5, "y": 0, "width": 114.33333333333, "height": 1e0 }"#, nil),
            (#"{"x": -0.5, "y": 0, "width": 114.333333333333, "height": 0.25 }"#, [-0.5, 0, 114.333333333333, 0.25]),
        ] as [(String, [Double]?)])
    func readWhole(text: String, expected: [Double]?) {
        let (values, position) = canonical(text)
        #expect(values == expected)
        #expect(position == (expected == nil ? 0 : text.utf8.count))
    }

    /// Any other shape: `nil`, nothing consumed (the member loop then reads it, or reports
    /// its error, as it always did).
    @Test(arguments: [
        #"{"y": 1, "x": 2, "width": 3, "height": 4}"#, #"{"x": 1, "x": 2, "width": 3, "height": 4}"#,
        #"{"\u0078": 1, "y": 2, "width": 3, "height": 4}"#, #"{"x": 1, "y": 2, "width": 3, "height": 4, "z": 5}"#,
        #"{"x": 1, "y": 2, "width": 3}"#, #"{"x": 1,  "y": 2, "width": 3, "height": 4}"#,
        "{\"x\": 1,\n\"y\": 2, \"width\": 3, \"height\": 4}", #"{"x": 1e2, "y": 2, "width": 3, "height": 4}"#,
        #"{"x": 01, "y": 2, "width": 3, "height": 4}"#, #"{"x": 1., "y": 2, "width": 3, "height": 4}"#,
        #"{"x": 1234567890123456, "y": 2, "width": 3, "height": 4}"#, #"{"x": null, "y": 2, "width": 3, "height": 4}"#,
        #"{"x": "1", "y": 2, "width": 3, "height": 4}"#, #"{"x": 1, "y": 2, "width": 3, "height": 4"#,
        #"{"x": 1, "y": 2, "width": 3, "height": -}"#, #"{"x": 1, "y": 2, "width": 3, "heigh": 4}"#,
    ])
    func leftToTheMemberLoop(text: String) {
        let (values, position) = canonical(text)
        #expect(values == nil)
        #expect(position == 0)
    }

    /// A frame read through the fast path and one the member loop must read give the same
    /// request; a truncated body is still malformed JSON (400), not a frame.
    @Test func sameThroughTheEndpoint() throws {
        let canonicalBody =
            #"{"screen": {"width": 375, "height": 667}, "photos": [{"url": "a"}], "index": 0, "thumbnail_frames": [{"x": 12, "y": 240, "width": 70, "height": 70}]}"#
        let otherBody =
            #"{"screen": {"height": 667, "width": 375}, "photos": [{"url": "a"}], "index": 0, "thumbnail_frames": [{"width": 70, "height": 70, "y": 240, "x": 12.0}]}"#
        let fast = try BrowserOpenRequest.read(Array(canonicalBody.utf8))
        let general = try BrowserOpenRequest.read(Array(otherBody.utf8))
        #expect(fast == general)
        #expect(fast.browser.thumbnailFrames == [Rect(x: 12, y: 240, width: 70, height: 70)])
        #expect(throws: InputError.self) { try BrowserOpenRequest.read(Array(canonicalBody.dropLast(2).utf8)) }
    }
}

/// Photos as clients write them are read without the member loop, to the request the member
/// loop reads; other shapes and errors are the member loop's.
struct CanonicalPhotoTests {
    static func body(_ photos: String) -> [UInt8] {
        Array(#"{"screen": {"width": 375, "height": 667}, "index": 0, "photos": [\#(photos)]}"#.utf8)
    }

    /// The canonical shape (compact, spaced, escaped URL, non-ASCII URL) and reordered or
    /// partial photos give the same requests.
    @Test func sameAsTheMemberLoop() throws {
        let pairs = [
            (
                #"{"url": "http://h/a.jpg", "width": 440, "height": 660}"#,
                #"{"height": 660, "url": "http://h/a.jpg", "width": 440.0}"#
            ),
            (#"{"url":"a\/b\u00e9","width":1.5,"height":2}"#, #"{"width": 1.5, "height": 2, "url": "a/bé"}"#),
            (#"{"url": "ü", "width": 10, "height": 30}"#, #"{"url": "ü", "height": 30, "width": 10}"#),
        ]
        for (canonical, other) in pairs {
            let fast = try BrowserOpenRequest.read(Self.body(canonical + ", " + canonical))
            let general = try BrowserOpenRequest.read(Self.body(other + ", " + other))
            #expect(fast == general)
        }
        let partial = try BrowserOpenRequest.read(Self.body(#"{"url": "u"}, {"url": "v", "width": 3}"#))
        #expect(
            partial.browser.photos == [
                BrowserPhotoRequest(url: "u", width: nil, height: nil),
                BrowserPhotoRequest(url: "v", width: 3, height: nil),
            ])
    }

    /// A control character in a canonical photo's URL is malformed JSON (400) at its byte, and a
    /// wrong type after it is the member loop's 400 at its pointer.
    @Test func errorsAreTheMemberLoops() {
        let control = Self.body("{\"url\": \"a\u{01}b\", \"width\": 1, \"height\": 2}")
        #expect(throws: InputError.self) { try BrowserOpenRequest.read(control) }
        #expect(
            throws: InputError.at("#/photos/0/width", .wrongType, "must be a number"),
            performing: { try BrowserOpenRequest.read(Self.body(#"{"url": "a", "width": "1", "height": 2}"#)) })
    }
}
