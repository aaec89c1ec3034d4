/// Header fields in the order received or added; names compare case-insensitively (ASCII),
/// through their canonical spelling, computed once per name (`HTTPFieldName`). A received
/// field's value stays bytes of its request head (one copy per head, shared by its fields)
/// and becomes a `String` only when asked for; a value a handler sets is a `String`.
package struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    package typealias Element = (name: String, value: String)

    /// One field: its name and its value.
    package struct Field: Sendable {
        /// A value as given (a handler's) or as received (bytes of the request head).
        package enum Storage: Sendable {
            case text(String)
            case bytes(ArraySlice<UInt8>)

            /// The value as text: a received one decoded (invalid UTF-8 repaired) on each read.
            var string: String {
                switch self {
                case .text(let text): text
                case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
                }
            }
        }

        package var name: HTTPFieldName
        var storage: Storage

        package init(name: HTTPFieldName, value: String) {
            self.name = name
            storage = .text(value)
        }

        /// A received field: `bytes` are its value, OWS trimmed, checked by the parser.
        init(name: HTTPFieldName, bytes: ArraySlice<UInt8>) {
            self.name = name
            storage = .bytes(bytes)
        }

        /// The value; a received one is decoded (invalid UTF-8 repaired) on each read.
        package var value: String {
            get { storage.string }
            set { storage = .text(newValue) }
        }

        /// Whether the field may be written in a response: a token name, a value without CR, LF
        /// or other controls.
        var isWritable: Bool {
            name.isToken
                && withValueBytes { bytes in
                    for byte in bytes where !ASCII.isFieldValueCharacter(byte) { return false }
                    return true
                }
        }

        /// The value's length in UTF-8 bytes, without making a String of a received value.
        var valueByteCount: Int {
            switch storage {
            case .bytes(let bytes): bytes.count
            case .text(let text): text.utf8.count
            }
        }

        /// Calls `body` with the value's UTF-8 bytes, without making a String of a received value.
        /// A String's bytes are read in place (a small string's from a copy on the stack), not
        /// through a mutable copy of the String (`withUTF8` on a `var`).
        func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            switch storage {
            case .bytes(let bytes):
                return bytes.withUnsafeBufferPointer(body)
            case .text(let text):
                if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
                var copy = text
                return copy.withUTF8(body)
            }
        }

        /// Writes `name: value` CRLF into a response head (the name as given).
        func write(to head: inout HTTP1HeadWriter) {
            head.write(name.rawName)
            head.write(byte: ASCII.colon)
            head.write(byte: ASCII.space)
            withValueBytes { head.write(UnsafeRawBufferPointer($0)) }
            head.write(byte: ASCII.cr)
            head.write(byte: ASCII.lf)
        }
    }

    private(set) var fields: [Field]
    /// Whether every field may be written (`Field.isWritable`), settled as the fields are set,
    /// so that a response built once (a static one) is checked once, not on every send; nil for
    /// received fields, checked when asked (`areWritable`).
    private var knownWritable: Bool?

    package init() {
        fields = []
        knownWritable = true
    }

    package init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: HTTPFieldName($0.0), value: $0.1) }
        knownWritable = fields.allSatisfy(\.isWritable)
    }

    package init(dictionaryLiteral elements: (HTTPFieldName, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
        knownWritable = fields.allSatisfy(\.isWritable)
    }

    /// The fields of a parsed head, as received.
    init(received fields: [Field]) {
        self.fields = fields
        knownWritable = nil
    }

    /// Whether every field may be written in a response: known since the fields were set, or
    /// (received fields) checked now.
    var areWritable: Bool {
        knownWritable ?? fields.allSatisfy(\.isWritable)
    }

    /// The first value of `name`, or nil.
    package subscript(name: HTTPFieldName) -> String? {
        // Through a buffer pointer: `for field in fields` copied every field it looked at.
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].name == name { return fields[index].value }
            return nil
        }
    }

    /// Every value of `name`, in order.
    package func values(_ name: HTTPFieldName) -> [String] {
        fields.compactMap { $0.name == name ? $0.value : nil }
    }

    package func contains(_ name: HTTPFieldName) -> Bool {
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].name == name { return true }
            return false
        }
    }

    /// Appends a field (repeated names are kept).
    package mutating func add(_ name: HTTPFieldName, _ value: String) {
        let field = Field(name: name, value: value)
        // Checked before it is appended, so that the append is its last use and moves it in
        // (checked after, the field was copied into the array and the original destroyed).
        if let known = knownWritable { knownWritable = known && field.isWritable }
        fields.append(field)
    }

    /// Replaces every field named `name` by one with `value`, at the place of the first.
    package mutating func set(_ name: HTTPFieldName, _ value: String) {
        guard let index = fields.firstIndex(where: { $0.name == name }) else {
            add(name, value)
            return
        }
        fields[index].value = value
        defer { if knownWritable != nil { knownWritable = fields.allSatisfy(\.isWritable) } }
        guard fields[(index + 1)...].contains(where: { $0.name == name }) else { return }
        var position = 0
        fields.removeAll { field in
            defer { position += 1 }
            return position > index && field.name == name
        }
    }

    package mutating func remove(_ name: HTTPFieldName) {
        guard contains(name) else { return }
        fields.removeAll { $0.name == name }
        if knownWritable == false { knownWritable = fields.allSatisfy(\.isWritable) }
    }

    /// Makes room for `count` fields, so that building a head allocates once.
    mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    package var count: Int { fields.count }
    package var isEmpty: Bool { fields.isEmpty }

    /// The fields as `(name, value)` pairs, names as given.
    package struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Field]>

        package mutating func next() -> Element? {
            base.next().map { (name: $0.name.rawName, value: $0.value) }
        }
    }

    package func makeIterator() -> Iterator {
        Iterator(base: fields.makeIterator())
    }

    package var description: String {
        fields.map { "\($0.name.rawName): \($0.value)" }.joined(separator: "\n")
    }
}
