/// A small command-line reader: positional words and `--name value` / `--name=value`
/// options, with environment fallbacks. Unknown options are errors, never ignored.
struct Arguments {
    private(set) var positional: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// Reads `words`, where `valued` names the options that take a value and `switches` those
    /// that do not (`--pretty`). Throws a usage error naming the first word it cannot read.
    init(_ words: some Sequence<String>, valued: Set<String>, switches: Set<String> = []) throws(UsageError) {
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            guard word.hasPrefix("--"), word.count > 2 else {
                positional.append(word)
                continue
            }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            if switches.contains(name), !body.contains("=") {
                flags.insert(name)
            } else if valued.contains(name) {
                if let equals = body.firstIndex(of: "=") {
                    options[name] = String(body[body.index(after: equals)...])
                } else if let value = iterator.next() {
                    options[name] = value
                } else {
                    throw UsageError("option --\(name) needs a value")
                }
            } else {
                throw UsageError("unknown option \(word)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func string(_ name: String) -> String? { options[name] }

    /// `--name` as a number, or nil when absent; a usage error when it is not one.
    func number(_ name: String) throws(UsageError) -> Double? {
        guard let text = options[name] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw UsageError("--\(name) must be a number, not \"\(text)\"")
        }
        return value
    }
}

/// A command line the tool cannot run: printed as one line on stderr, exit status 2.
struct UsageError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
