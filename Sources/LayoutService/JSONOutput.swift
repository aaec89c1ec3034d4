import JSONBytes
import PhotoLayout

/// How the service writes JSON: every response body goes through the core's
/// `JSONByteWriter` (keys in the contract's order, shortest round-trip numbers, no
/// intermediate dictionaries), so the bytes are deterministic (ETags agree across replicas)
/// and the HTTP API and the offline command write the same bytes.
enum JSONOutput {
    static func bytes(_ value: some JSONByteEncodable) -> [UInt8] {
        JSONByteWriter.encode(value)
    }

    /// Indented, keys sorted: for people reading the offline command's output (`--pretty`);
    /// the same writer in its indented mode, so the values are those of `bytes`.
    static func pretty(_ value: some JSONByteEncodable) -> [UInt8] {
        JSONByteWriter.encode(value, indented: true)
    }
}

/// `{"photos": grid or null}`: the body of `GET /v1/grid`.
struct GridResponse: JSONByteEncodable {
    var photos: GridLayout?

    func write(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.key("photos")
        writer.value(photos)
        writer.endObject()
    }
}
