extension HTTPHeaders {
    /// Whether both hold the very same field storage (one array buffer, not equal contents):
    /// then they hold the same fields, and anything computed from one holds for the other.
    /// Sound only while `other` is alive, which keeps that buffer from being freed and its
    /// address given to another array. Empty headers share the one empty buffer, correctly.
    func sharesFields(with other: HTTPHeaders) -> Bool {
        fields.withUnsafeBufferPointer { mine in
            other.fields.withUnsafeBufferPointer { theirs in
                mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
            }
        }
    }

    /// Where the fields' storage is and how many fields it holds: equal for two headers exactly
    /// when `sharesFields(with:)` is true, under the same condition (the other is kept alive).
    var fieldsLocation: (address: Int, count: Int) {
        fields.withUnsafeBufferPointer { (Int(bitPattern: $0.baseAddress), $0.count) }
    }
}
