/// A request object read strictly (DESIGN §3: the request's own fields are validated, a
/// status inside is not): a present, non-`null` field must have its documented JSON type,
/// else a `.wrongType` `InputError` (400) pointing at it; a missing required field is an
/// `.invalidValue` (422). Pointers come from the decoder's coding path, so nested objects
/// point at themselves (`#/thumbnail_frames/2/width`).
struct BrowserStrictObject<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>
    let path: [String]

    /// The object at `decoder`, or a `.wrongType` error saying it must be `expected`.
    init(_ decoder: any Decoder, expected: String = "an object") throws(InputError) {
        path = decoder.codingPath.map(Self.component)
        do {
            container = try decoder.container(keyedBy: Key.self)
        } catch {
            throw InputError.at(JSONPointer.fragment(path), .wrongType, "must be \(expected)")
        }
    }

    /// An array index as its digits, an object key as itself.
    static func component(_ key: any CodingKey) -> String {
        key.intValue.map(String.init) ?? key.stringValue
    }

    func pointer(_ key: Key) -> String {
        JSONPointer.fragment(path + [key.stringValue])
    }

    /// The field's value; `nil` when absent or `null`.
    func optional<T: Decodable>(_ key: Key, _ expected: String) throws(InputError) -> T? {
        guard container.contains(key), (try? container.decodeNil(forKey: key)) == false else { return nil }
        do {
            return try container.decode(T.self, forKey: key)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError.at(pointer(key), .wrongType, "must be \(expected)")
        }
    }

    /// The field's value; absent or `null` is a 422 "is required".
    func required<T: Decodable>(_ key: Key, _ expected: String) throws(InputError) -> T {
        guard let value: T = try optional(key, expected) else {
            throw InputError.at(pointer(key), .invalidValue, "is required: \(expected)")
        }
        return value
    }
}
