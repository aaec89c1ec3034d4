/// A value that writes itself as JSON through a `JSONByteWriter`: how every response body
/// is written, compact or indented (the outputs have no `Encodable` twin).
public protocol JSONByteEncodable {
    func write(to writer: inout JSONByteWriter)

    /// About how many bytes the compact JSON of the value takes: the room a writer starts
    /// with (`JSONByteWriter.encode`), so that a response is written without growing its
    /// buffer. 4096 unless a type says more.
    var writtenLengthEstimate: Int { get }
}

extension JSONByteEncodable {
    public var writtenLengthEstimate: Int { 4096 }
}

/// `@inlinable`, so that a caller in another module gets them specialized for its type rather
/// than through the protocol witness (the writer and the outputs live in different modules).
extension JSONByteWriter {
    /// `value`, or `null` when it is `nil`.
    @inlinable
    public mutating func value(_ value: (some JSONByteEncodable)?) {
        if let value { value.write(to: &self) } else { null() }
    }

    /// A string, or `null` when it is `nil`.
    @inlinable
    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// An array of `elements`, each writing itself.
    @inlinable
    public mutating func array(_ elements: [some JSONByteEncodable]) {
        beginArray()
        for element in elements { element.write(to: &self) }
        endArray()
    }
}
