import JSONBytes

/// Grid options inside another request (the photo browser's `grid_options`), read by the code
/// that reads a timeline's `options`: the same types, the same first error, the same unknown
/// names; only the pointers name where they sit.
extension ByteTimelineReader {
    /// The options object at the scanner's position (`null` gives the defaults), its errors
    /// located under `member` (`#/grid_options/scale`) rather than under `options`.
    package static func readOptions(
        _ scanner: inout JSONScanner, at member: String
    ) throws(JSONSyntaxError) -> Result<RawGridOptions, InputError> {
        try readOptions(&scanner).mapError { $0.moved(from: "#/options", to: JSONPointer.fragment([member])) }
    }
}

extension InputError {
    /// The error with every pointer under `old` put under `new` instead (the detail too).
    func moved(from old: String, to new: String) -> InputError {
        func move(_ pointer: String) -> String {
            pointer.hasPrefix(old) ? new + pointer.dropFirst(old.count) : pointer
        }
        let problems = problems.map { Problem(pointer: move($0.pointer), detail: $0.detail) }
        let detail = problems.map { InputError.describe($0.pointer, $0.detail) }.joined(separator: "; ")
        return InputError(kind: kind, detail: problems.isEmpty ? self.detail : detail, problems: problems)
    }
}
