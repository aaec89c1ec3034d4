import JSONBytes

/// A status's `page_info` (docs/API.md §4, "Cards"), lenient as `FoundationTimelineReader`'s: a
/// field of the wrong type is absent, an empty URL or title is absent, the first of duplicate
/// keys wins.
///
/// Read only where a card may show: an object `page_info` is passed over and its bytes kept
/// (`JSONScanner.lenientObjectBytes`, a slice of the request). Once the status is read, a
/// status (or retweet) without a picture field and without a retweet, which shows its card,
/// has its page read there, through the request's token masks; any other keeps the bytes,
/// which are read (`readPageInfo(_:)`) only if a rule asks: the card rule does so only for a
/// status whose picture fields make no grid.
extension ByteTimelineReader {
    /// The members of `page_info` the card rule reads.
    enum PageInfoField: String, JSONField {
        case type
        case objectType = "object_type"
        case pagePic = "page_pic"
        case typeIcon = "type_icon"
        case pageTitle = "page_title"
        case buttons

        static let set = JSONFieldSet<Self>()
    }

    /// The members of a `page_pic` object.
    enum PagePicField: String, JSONField {
        case url, width, height

        static let set = JSONFieldSet<Self>()
    }

    /// The members of a `buttons` entry.
    enum PageButtonField: String, JSONField {
        case pic, name

        static let set = JSONFieldSet<Self>()
    }

    /// The page of `object`, the bytes of a `page_info` object the request's reading kept
    /// (validated then: reading them again cannot fail, and `nil` is returned if it did).
    /// Read as a document of its own, with stage 1's token masks, so that the members the card
    /// does not use (Weibo's pages hold many: media info, content lines, action logs) are
    /// passed over as in the request's reading.
    static func readPageInfo(_ object: ByteString) -> WeiboPageInfo? {
        object.utf8.withUnsafeBufferPointer { buffer in
            let page = Result { () throws(JSONSyntaxError) in
                try JSONScanner.withTokens(buffer) { scanner throws(JSONSyntaxError) in try readPageInfo(&scanner) }
            }
            return try? page.get()
        }
    }

    /// `page_info`'s members (the scanner is on its `{`).
    static func readPageInfo(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPageInfo {
        var page = WeiboPageInfo()
        let fields = PageInfoField.set
        // A few small values among many members: the object walked once (`members(gathering:)`).
        var members = try scanner.members(gathering: fields)
        while let field = try scanner.nextField(&members, in: fields) {
            switch field {
            case .type: page.type = try readTag(&scanner)
            case .objectType: page.objectType = try readTag(&scanner)
            case .pagePic: page.cover = try readPagePic(&scanner)
            case .typeIcon: page.typeIcon = try scanner.lenientNonEmptyString()
            case .pageTitle: page.title = try scanner.lenientNonEmptyString()
            case .buttons: page.button = try readButtons(&scanner)
            }
        }
        return page
    }

    /// `type` or `object_type`: a number or a string, else `nil`.
    private static func readTag(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPageInfo.Tag? {
        switch try scanner.peekKind() {
        case .number: return scanner.double(try scanner.scanNumber()).map { .number($0) }
        case .string: return .string(scanner.string(try scanner.scanString()))
        default:
            try scanner.skipValue()
            return nil
        }
    }

    /// `page_pic`: a non-empty URL string, or an object whose `url` is one, with its `width`
    /// and `height` (numbers or numeric strings) as the cover's size when both are positive.
    private static func readPagePic(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPageInfo.Cover? {
        switch try scanner.peekKind() {
        case .string:
            return try scanner.lenientNonEmptyString().map { WeiboPageInfo.Cover(url: $0) }
        case .object:
            var url: String?
            var width: Double?
            var height: Double?
            let fields = PagePicField.set
            var members = try scanner.members()
            while let field = try scanner.nextField(&members, in: fields) {
                switch field {
                case .url: url = try scanner.lenientNonEmptyString()
                case .width: width = try scanner.lenientFlexibleNumber()
                case .height: height = try scanner.lenientFlexibleNumber()
                }
            }
            return url.map { WeiboPageInfo.Cover(url: $0, size: WeiboPageInfo.Cover.knownSize(width, height)) }
        default:
            try scanner.skipValue()
            return nil
        }
    }

    /// `buttons`: the first entry that is an object whose `pic` and `name` are non-empty
    /// strings (the rest of the array skipped), else `nil`.
    private static func readButtons(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPageInfo.Button? {
        guard case .array = try scanner.peekKind() else {
            try scanner.skipValue()
            return nil
        }
        var button: WeiboPageInfo.Button?
        try scanner.readArray { scanner throws(JSONSyntaxError) in
            guard button == nil, case .object = try scanner.peekKind() else { return try scanner.skipValue() }
            var pic: String?
            var name: String?
            let fields = PageButtonField.set
            var members = try scanner.members()
            while let field = try scanner.nextField(&members, in: fields) {
                switch field {
                case .pic: pic = try scanner.lenientNonEmptyString()
                case .name: name = try scanner.lenientNonEmptyString()
                }
            }
            if let pic, let name { button = WeiboPageInfo.Button(iconURL: pic, title: name) }
        }
        return button
    }
}

extension JSONScanner {
    /// The bytes of an object value, from its `{` to its `}`, as a slice of the document's
    /// copy (as `byteString(_:)` makes); `nil` for any other value. The object is skipped,
    /// still validated.
    mutating func lenientObjectBytes() throws(JSONSyntaxError) -> ByteString? {
        guard case .object = try peekKind() else {
            try skipValue()
            return nil
        }
        let start = position
        try skipValue()
        return documentSlice(start..<position)
    }

    /// A string that is not empty, else `nil`.
    mutating func lenientNonEmptyString() throws(JSONSyntaxError) -> String? {
        try lenientString().flatMap { $0.isEmpty ? nil : $0 }
    }
}
