import Testing

@testable import PhotoLayout

struct AlbumRulesTests {
    func album(_ count: Int, width: Double = 375, scale: Double = 2) -> AlbumLayout {
        AlbumRules.layout(
            AlbumInput(screen: Size(width: width, height: 667), pixelGrid: PixelGrid(scale: scale), count: count)
        )
    }

    /// One picture on 375: 3 columns, one row at the inset, height 2·10 + 111.
    @Test func onePicture() {
        let layout = album(1)
        #expect(layout.columns == 3)
        #expect(layout.rows == 1)
        #expect(layout.contentSize == Size(width: 375, height: 131))
        #expect(layout.items == [Rect(x: 10, y: 10, width: 111, height: 111)])
    }

    /// Seven on 375: gap (375 − 20 − 333)/2 = 11; the last row keeps the columns aligned.
    @Test func sevenPictures() {
        let layout = album(7)
        #expect(layout.rows == 3)
        #expect(layout.contentSize == Size(width: 375, height: 373))
        #expect(layout.items.map(\.x) == [10, 132, 254, 10, 132, 254, 10])
        #expect(layout.items.map(\.y) == [10, 10, 10, 131, 131, 131, 252])
    }

    /// Thirty on 375: 10 rows, height 20 + 10·111 + 9·10 = 1220, the last item at (254, 1099).
    @Test func thirtyPictures() {
        let layout = album(30)
        #expect(layout.rows == 10)
        #expect(layout.contentSize == Size(width: 375, height: 1220))
        #expect(layout.items[29] == Rect(x: 254, y: 1099, width: 111, height: 111))
    }

    /// 320 gives 2 columns 78 apart; 414 gives 3 columns 30.5 apart, on the 3x grid at 151.6666… (455 px).
    @Test func otherScreens() {
        let narrow = album(7, width: 320)
        #expect(narrow.columns == 2)
        #expect(narrow.rows == 4)
        #expect(narrow.items[1].x == 199)
        let wide = album(30, width: 414, scale: 3)
        #expect(wide.columns == 3)
        #expect(wide.items[1].x == 151.66666666666666)
        #expect(wide.items[2].x == 293)
        #expect(wide.contentSize == Size(width: 414, height: 1220))
    }

    /// No pictures: no rows, height 2·inset; a screen narrower than one cell: one column at the inset.
    @Test func edgeCases() {
        let empty = album(0)
        #expect(empty.rows == 0)
        #expect(empty.items.isEmpty)
        #expect(empty.contentSize == Size(width: 375, height: 20))
        let tiny = album(2, width: 100)
        #expect(tiny.columns == 1)
        #expect(
            tiny.items == [Rect(x: 10, y: 10, width: 111, height: 111), Rect(x: 10, y: 131, width: 111, height: 111)]
        )
        #expect(tiny.contentSize == Size(width: 100, height: 252))
    }
}
