/// A value that writes itself as JSON through a `JSONByteWriter`: the fast path for response
/// bodies, beside (and equal in meaning to) the type's `Encodable` conformance.
public protocol JSONByteEncodable {
    func write(to writer: inout JSONByteWriter)
}

extension JSONByteWriter {
    /// `value`, or `null` when it is `nil`.
    public mutating func value(_ value: (some JSONByteEncodable)?) {
        if let value { value.write(to: &self) } else { null() }
    }

    /// A string, or `null` when it is `nil`.
    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// An array of `elements`, each writing itself.
    public mutating func array(_ elements: [some JSONByteEncodable]) {
        beginArray()
        for element in elements { element.write(to: &self) }
        endArray()
    }
}
