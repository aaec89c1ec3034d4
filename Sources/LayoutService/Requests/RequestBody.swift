import JSONBytes
import PhotoLayout

/// Reads a request body with `JSONScanner`: one validating pass, as the timeline is read.
/// Malformed JSON anywhere (a 400 naming the byte, line and column) wins over the request's
/// own errors, which the reading gives as its result.
enum RequestBody {
    /// The value `read` gives for the document in `body` (after a UTF-8 byte order mark,
    /// which JSONDecoder skipped too), once the whole document is known to be JSON.
    static func read<Value>(
        _ body: [UInt8],
        _ read: (inout JSONScanner) throws(JSONSyntaxError) -> Result<Value, InputError>
    ) throws(InputError) -> Value {
        let outcome = body.withUnsafeBufferPointer { buffer in
            Result { () throws(InputError) in
                let hasBOM = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
                do throws(JSONSyntaxError) {
                    var scanner = try JSONScanner(buffer, from: hasBOM ? 3 : 0)
                    let value = try read(&scanner)
                    try scanner.finish()
                    return value
                } catch {
                    throw error.inputError(in: UnsafeRawBufferPointer(buffer))
                }
            }
        }
        return try outcome.get().get()
    }
}
