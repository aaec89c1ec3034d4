@testable import PhotoLayout
import Testing

/// One picture-frame expectation: a picture, a screen, a scale and the rounded frame that
/// DESIGN §5's formula gives (computed independently with exact fractions).
struct BrowserPhotoCase: CustomTestStringConvertible, Sendable {
    var name: String
    var picture: Size
    var screen: Size
    var scale: Double
    var frame: Rect

    init(_ name: String, _ picture: Size, _ screen: Size, _ scale: Double, _ frame: Rect) {
        self.name = name
        self.picture = picture
        self.screen = screen
        self.scale = scale
        self.frame = frame
    }

    var testDescription: String {
        "\(name) \(Int(picture.width))x\(Int(picture.height)) on \(Int(screen.width))x\(Int(screen.height))@\(Int(scale))x"
    }
}

/// Portrait 440×660, landscape 660×440, long 440×2000, square 500×500 (small ones for
/// `upscale`) on 320×568, 375×667 and 414×896 at scales 2 and 3.
enum BrowserPhotoCases {
    typealias Case = BrowserPhotoCase

    static let fillWidth: [Case] = [
        Case("portrait", Size(width: 440, height: 660), Size(width: 320, height: 568), 2, Rect(x: 0, y: 44, width: 320, height: 480)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 320, height: 568), 3, Rect(x: 0, y: 44, width: 320, height: 480)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 375, height: 667), 2, Rect(x: 0, y: 52.5, width: 375, height: 562.5)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 375, height: 667), 3, Rect(x: 0, y: 52.333333333333336, width: 375, height: 562.6666666666666)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 414, height: 896), 2, Rect(x: 0, y: 137.5, width: 414, height: 621)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 414, height: 896), 3, Rect(x: 0, y: 137.66666666666666, width: 414, height: 621)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 320, height: 568), 2, Rect(x: 0, y: 177.5, width: 320, height: 213.5)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 320, height: 568), 3, Rect(x: 0, y: 177.33333333333334, width: 320, height: 213.33333333333334)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 375, height: 667), 2, Rect(x: 0, y: 208.5, width: 375, height: 250)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 375, height: 667), 3, Rect(x: 0, y: 208.66666666666666, width: 375, height: 250)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 414, height: 896), 2, Rect(x: 0, y: 310, width: 414, height: 276)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 414, height: 896), 3, Rect(x: 0, y: 310, width: 414, height: 276)),
        Case("long", Size(width: 440, height: 2000), Size(width: 320, height: 568), 2, Rect(x: 0, y: 0, width: 320, height: 1454.5)),
        Case("long", Size(width: 440, height: 2000), Size(width: 320, height: 568), 3, Rect(x: 0, y: 0, width: 320, height: 1454.6666666666667)),
        Case("long", Size(width: 440, height: 2000), Size(width: 375, height: 667), 2, Rect(x: 0, y: 0, width: 375, height: 1704.5)),
        Case("long", Size(width: 440, height: 2000), Size(width: 375, height: 667), 3, Rect(x: 0, y: 0, width: 375, height: 1704.6666666666667)),
        Case("long", Size(width: 440, height: 2000), Size(width: 414, height: 896), 2, Rect(x: 0, y: 0, width: 414, height: 1882)),
        Case("long", Size(width: 440, height: 2000), Size(width: 414, height: 896), 3, Rect(x: 0, y: 0, width: 414, height: 1881.6666666666667)),
        Case("square", Size(width: 500, height: 500), Size(width: 320, height: 568), 2, Rect(x: 0, y: 124, width: 320, height: 320)),
        Case("square", Size(width: 500, height: 500), Size(width: 320, height: 568), 3, Rect(x: 0, y: 124, width: 320, height: 320)),
        Case("square", Size(width: 500, height: 500), Size(width: 375, height: 667), 2, Rect(x: 0, y: 146, width: 375, height: 375)),
        Case("square", Size(width: 500, height: 500), Size(width: 375, height: 667), 3, Rect(x: 0, y: 146, width: 375, height: 375)),
        Case("square", Size(width: 500, height: 500), Size(width: 414, height: 896), 2, Rect(x: 0, y: 241, width: 414, height: 414)),
        Case("square", Size(width: 500, height: 500), Size(width: 414, height: 896), 3, Rect(x: 0, y: 241, width: 414, height: 414)),
    ]
    static let aspectFit: [Case] = [
        Case("portrait", Size(width: 440, height: 660), Size(width: 320, height: 568), 2, Rect(x: 0, y: 44, width: 320, height: 480)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 320, height: 568), 3, Rect(x: 0, y: 44, width: 320, height: 480)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 375, height: 667), 2, Rect(x: 0, y: 52.5, width: 375, height: 562.5)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 375, height: 667), 3, Rect(x: 0, y: 52.333333333333336, width: 375, height: 562.6666666666666)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 414, height: 896), 2, Rect(x: 0, y: 137.5, width: 414, height: 621)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 414, height: 896), 3, Rect(x: 0, y: 137.66666666666666, width: 414, height: 621)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 320, height: 568), 2, Rect(x: 0, y: 177.5, width: 320, height: 213.5)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 320, height: 568), 3, Rect(x: 0, y: 177.33333333333334, width: 320, height: 213.33333333333334)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 375, height: 667), 2, Rect(x: 0, y: 208.5, width: 375, height: 250)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 375, height: 667), 3, Rect(x: 0, y: 208.66666666666666, width: 375, height: 250)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 414, height: 896), 2, Rect(x: 0, y: 310, width: 414, height: 276)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 414, height: 896), 3, Rect(x: 0, y: 310, width: 414, height: 276)),
        Case("long", Size(width: 440, height: 2000), Size(width: 320, height: 568), 2, Rect(x: 97.5, y: 0, width: 125, height: 568)),
        Case("long", Size(width: 440, height: 2000), Size(width: 320, height: 568), 3, Rect(x: 97.66666666666667, y: 0, width: 125, height: 568)),
        Case("long", Size(width: 440, height: 2000), Size(width: 375, height: 667), 2, Rect(x: 114, y: 0, width: 146.5, height: 667)),
        Case("long", Size(width: 440, height: 2000), Size(width: 375, height: 667), 3, Rect(x: 114, y: 0, width: 146.66666666666666, height: 667)),
        Case("long", Size(width: 440, height: 2000), Size(width: 414, height: 896), 2, Rect(x: 108.5, y: 0, width: 197, height: 896)),
        Case("long", Size(width: 440, height: 2000), Size(width: 414, height: 896), 3, Rect(x: 108.33333333333333, y: 0, width: 197, height: 896)),
        Case("square", Size(width: 500, height: 500), Size(width: 320, height: 568), 2, Rect(x: 0, y: 124, width: 320, height: 320)),
        Case("square", Size(width: 500, height: 500), Size(width: 320, height: 568), 3, Rect(x: 0, y: 124, width: 320, height: 320)),
        Case("square", Size(width: 500, height: 500), Size(width: 375, height: 667), 2, Rect(x: 0, y: 146, width: 375, height: 375)),
        Case("square", Size(width: 500, height: 500), Size(width: 375, height: 667), 3, Rect(x: 0, y: 146, width: 375, height: 375)),
        Case("square", Size(width: 500, height: 500), Size(width: 414, height: 896), 2, Rect(x: 0, y: 241, width: 414, height: 414)),
        Case("square", Size(width: 500, height: 500), Size(width: 414, height: 896), 3, Rect(x: 0, y: 241, width: 414, height: 414)),
    ]
    static let aspectFill: [Case] = [
        Case("portrait", Size(width: 440, height: 660), Size(width: 320, height: 568), 2, Rect(x: -29.5, y: 0, width: 378.5, height: 568)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 320, height: 568), 3, Rect(x: -29.333333333333332, y: 0, width: 378.6666666666667, height: 568)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 375, height: 667), 2, Rect(x: -35, y: 0, width: 444.5, height: 667)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 375, height: 667), 3, Rect(x: -35, y: 0, width: 444.6666666666667, height: 667)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 414, height: 896), 2, Rect(x: -91.5, y: 0, width: 597.5, height: 896)),
        Case("portrait", Size(width: 440, height: 660), Size(width: 414, height: 896), 3, Rect(x: -91.66666666666667, y: 0, width: 597.3333333333334, height: 896)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 320, height: 568), 2, Rect(x: -266, y: 0, width: 852, height: 568)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 320, height: 568), 3, Rect(x: -266, y: 0, width: 852, height: 568)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 375, height: 667), 2, Rect(x: -313, y: 0, width: 1000.5, height: 667)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 375, height: 667), 3, Rect(x: -312.6666666666667, y: 0, width: 1000.6666666666666, height: 667)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 414, height: 896), 2, Rect(x: -465, y: 0, width: 1344, height: 896)),
        Case("landscape", Size(width: 660, height: 440), Size(width: 414, height: 896), 3, Rect(x: -465, y: 0, width: 1344, height: 896)),
        Case("long", Size(width: 440, height: 2000), Size(width: 320, height: 568), 2, Rect(x: 0, y: -443.5, width: 320, height: 1454.5)),
        Case("long", Size(width: 440, height: 2000), Size(width: 320, height: 568), 3, Rect(x: 0, y: -443.3333333333333, width: 320, height: 1454.6666666666667)),
        Case("long", Size(width: 440, height: 2000), Size(width: 375, height: 667), 2, Rect(x: 0, y: -519, width: 375, height: 1704.5)),
        Case("long", Size(width: 440, height: 2000), Size(width: 375, height: 667), 3, Rect(x: 0, y: -518.6666666666666, width: 375, height: 1704.6666666666667)),
        Case("long", Size(width: 440, height: 2000), Size(width: 414, height: 896), 2, Rect(x: 0, y: -493, width: 414, height: 1882)),
        Case("long", Size(width: 440, height: 2000), Size(width: 414, height: 896), 3, Rect(x: 0, y: -493, width: 414, height: 1881.6666666666667)),
        Case("square", Size(width: 500, height: 500), Size(width: 320, height: 568), 2, Rect(x: -124, y: 0, width: 568, height: 568)),
        Case("square", Size(width: 500, height: 500), Size(width: 320, height: 568), 3, Rect(x: -124, y: 0, width: 568, height: 568)),
        Case("square", Size(width: 500, height: 500), Size(width: 375, height: 667), 2, Rect(x: -146, y: 0, width: 667, height: 667)),
        Case("square", Size(width: 500, height: 500), Size(width: 375, height: 667), 3, Rect(x: -146, y: 0, width: 667, height: 667)),
        Case("square", Size(width: 500, height: 500), Size(width: 414, height: 896), 2, Rect(x: -241, y: 0, width: 896, height: 896)),
        Case("square", Size(width: 500, height: 500), Size(width: 414, height: 896), 3, Rect(x: -241, y: 0, width: 896, height: 896)),
    ]
    static let aspectFitNoUpscale: [Case] = [
        Case("portrait", Size(width: 200, height: 300), Size(width: 320, height: 568), 2, Rect(x: 60, y: 134, width: 200, height: 300)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 320, height: 568), 3, Rect(x: 60, y: 134, width: 200, height: 300)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 375, height: 667), 2, Rect(x: 87.5, y: 183.5, width: 200, height: 300)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 375, height: 667), 3, Rect(x: 87.66666666666667, y: 183.66666666666666, width: 200, height: 300)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 414, height: 896), 2, Rect(x: 107, y: 298, width: 200, height: 300)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 414, height: 896), 3, Rect(x: 107, y: 298, width: 200, height: 300)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 320, height: 568), 2, Rect(x: 10, y: 184, width: 300, height: 200)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 320, height: 568), 3, Rect(x: 10, y: 184, width: 300, height: 200)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 375, height: 667), 2, Rect(x: 37.5, y: 233.5, width: 300, height: 200)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 375, height: 667), 3, Rect(x: 37.666666666666664, y: 233.66666666666666, width: 300, height: 200)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 414, height: 896), 2, Rect(x: 57, y: 348, width: 300, height: 200)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 414, height: 896), 3, Rect(x: 57, y: 348, width: 300, height: 200)),
        Case("long", Size(width: 60, height: 300), Size(width: 320, height: 568), 2, Rect(x: 130, y: 134, width: 60, height: 300)),
        Case("long", Size(width: 60, height: 300), Size(width: 320, height: 568), 3, Rect(x: 130, y: 134, width: 60, height: 300)),
        Case("long", Size(width: 60, height: 300), Size(width: 375, height: 667), 2, Rect(x: 157.5, y: 183.5, width: 60, height: 300)),
        Case("long", Size(width: 60, height: 300), Size(width: 375, height: 667), 3, Rect(x: 157.66666666666666, y: 183.66666666666666, width: 60, height: 300)),
        Case("long", Size(width: 60, height: 300), Size(width: 414, height: 896), 2, Rect(x: 177, y: 298, width: 60, height: 300)),
        Case("long", Size(width: 60, height: 300), Size(width: 414, height: 896), 3, Rect(x: 177, y: 298, width: 60, height: 300)),
        Case("square", Size(width: 100, height: 100), Size(width: 320, height: 568), 2, Rect(x: 110, y: 234, width: 100, height: 100)),
        Case("square", Size(width: 100, height: 100), Size(width: 320, height: 568), 3, Rect(x: 110, y: 234, width: 100, height: 100)),
        Case("square", Size(width: 100, height: 100), Size(width: 375, height: 667), 2, Rect(x: 137.5, y: 283.5, width: 100, height: 100)),
        Case("square", Size(width: 100, height: 100), Size(width: 375, height: 667), 3, Rect(x: 137.66666666666666, y: 283.6666666666667, width: 100, height: 100)),
        Case("square", Size(width: 100, height: 100), Size(width: 414, height: 896), 2, Rect(x: 157, y: 398, width: 100, height: 100)),
        Case("square", Size(width: 100, height: 100), Size(width: 414, height: 896), 3, Rect(x: 157, y: 398, width: 100, height: 100)),
    ]
    static let aspectFitUpscaleSmall: [Case] = [
        Case("portrait", Size(width: 200, height: 300), Size(width: 320, height: 568), 2, Rect(x: 0, y: 44, width: 320, height: 480)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 320, height: 568), 3, Rect(x: 0, y: 44, width: 320, height: 480)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 375, height: 667), 2, Rect(x: 0, y: 52.5, width: 375, height: 562.5)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 375, height: 667), 3, Rect(x: 0, y: 52.333333333333336, width: 375, height: 562.6666666666666)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 414, height: 896), 2, Rect(x: 0, y: 137.5, width: 414, height: 621)),
        Case("portrait", Size(width: 200, height: 300), Size(width: 414, height: 896), 3, Rect(x: 0, y: 137.66666666666666, width: 414, height: 621)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 320, height: 568), 2, Rect(x: 0, y: 177.5, width: 320, height: 213.5)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 320, height: 568), 3, Rect(x: 0, y: 177.33333333333334, width: 320, height: 213.33333333333334)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 375, height: 667), 2, Rect(x: 0, y: 208.5, width: 375, height: 250)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 375, height: 667), 3, Rect(x: 0, y: 208.66666666666666, width: 375, height: 250)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 414, height: 896), 2, Rect(x: 0, y: 310, width: 414, height: 276)),
        Case("landscape", Size(width: 300, height: 200), Size(width: 414, height: 896), 3, Rect(x: 0, y: 310, width: 414, height: 276)),
        Case("long", Size(width: 60, height: 300), Size(width: 320, height: 568), 2, Rect(x: 103, y: 0, width: 113.5, height: 568)),
        Case("long", Size(width: 60, height: 300), Size(width: 320, height: 568), 3, Rect(x: 103.33333333333333, y: 0, width: 113.66666666666667, height: 568)),
        Case("long", Size(width: 60, height: 300), Size(width: 375, height: 667), 2, Rect(x: 121, y: 0, width: 133.5, height: 667)),
        Case("long", Size(width: 60, height: 300), Size(width: 375, height: 667), 3, Rect(x: 120.66666666666667, y: 0, width: 133.33333333333334, height: 667)),
        Case("long", Size(width: 60, height: 300), Size(width: 414, height: 896), 2, Rect(x: 117.5, y: 0, width: 179, height: 896)),
        Case("long", Size(width: 60, height: 300), Size(width: 414, height: 896), 3, Rect(x: 117.33333333333333, y: 0, width: 179.33333333333334, height: 896)),
        Case("square", Size(width: 100, height: 100), Size(width: 320, height: 568), 2, Rect(x: 0, y: 124, width: 320, height: 320)),
        Case("square", Size(width: 100, height: 100), Size(width: 320, height: 568), 3, Rect(x: 0, y: 124, width: 320, height: 320)),
        Case("square", Size(width: 100, height: 100), Size(width: 375, height: 667), 2, Rect(x: 0, y: 146, width: 375, height: 375)),
        Case("square", Size(width: 100, height: 100), Size(width: 375, height: 667), 3, Rect(x: 0, y: 146, width: 375, height: 375)),
        Case("square", Size(width: 100, height: 100), Size(width: 414, height: 896), 2, Rect(x: 0, y: 241, width: 414, height: 414)),
        Case("square", Size(width: 100, height: 100), Size(width: 414, height: 896), 3, Rect(x: 0, y: 241, width: 414, height: 414)),
    ]
}
