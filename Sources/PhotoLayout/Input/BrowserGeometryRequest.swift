/// The geometry objects of browser requests, decoded strictly: `{"x", "y", "width",
/// "height"}`, `{"x", "y"}` and `{"width", "height"}`, every field a required number.
/// Their values are checked (positive sizes…) by the `validated` functions.
struct BrowserRectRequest: Decodable, Hashable, Sendable {
    var rect: Rect

    enum Key: String, CodingKey {
        case x, y, width, height
    }

    init(from decoder: any Decoder) throws {
        let object = try BrowserStrictObject<Key>(decoder, expected: "a frame {\"x\", \"y\", \"width\", \"height\"}")
        rect = Rect(
            x: try object.required(.x, "a number"),
            y: try object.required(.y, "a number"),
            width: try object.required(.width, "a number"),
            height: try object.required(.height, "a number")
        )
    }
}

/// `{"x", "y"}`.
struct BrowserPointRequest: Decodable, Hashable, Sendable {
    var point: Point

    enum Key: String, CodingKey {
        case x, y
    }

    init(from decoder: any Decoder) throws {
        let object = try BrowserStrictObject<Key>(decoder, expected: "a point {\"x\", \"y\"}")
        point = Point(x: try object.required(.x, "a number"), y: try object.required(.y, "a number"))
    }
}

/// `{"width", "height"}`.
struct BrowserSizeRequest: Decodable, Hashable, Sendable {
    var size: Size

    enum Key: String, CodingKey {
        case width, height
    }

    init(from decoder: any Decoder) throws {
        let object = try BrowserStrictObject<Key>(decoder, expected: "a size {\"width\", \"height\"}")
        size = Size(width: try object.required(.width, "a number"), height: try object.required(.height, "a number"))
    }
}
