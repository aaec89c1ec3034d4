/// A small command-line reader: positional words and `--name value` / `--name=value`
/// options, with environment fallbacks. Unknown options are errors, never ignored; `--`
/// ends the options, so every word after it is positional (a file named `--pretty`).
struct Arguments {
    private(set) var positional: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// Reads `words`, where `valued` names the options that take a value and `switches` those
    /// that do not (`--pretty`). Throws a usage error naming the first word it cannot read.
    init(_ words: some Sequence<String>, valued: Set<String>, switches: Set<String> = []) throws(UsageError) {
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            if word == "--" {
                while let rest = iterator.next() { positional.append(rest) }
                break
            }
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

/// A command line the tool cannot run. Printed on stderr, followed by the command's usage
/// line and where to read more (swift-argument-parser's layout), with exit status 64.
struct UsageError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Exit statuses, swift-argument-parser's convention: 0 success, 1 failure while running
/// (unreadable file, invalid input, a port in use, an unhealthy probe), 64 a command line
/// that cannot run (`EX_USAGE` of sysexits(3)): an unknown command or option, a bad flag or
/// environment value. Scripts can tell "you called me wrong" from "it did not work".
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}

extension CommandIO {
    /// Reports a usage error of `command` (`layout`, or nil for the top level): the message,
    /// the command's usage line, and the help to read; returns `ExitStatus.usage`.
    func usageError(_ error: UsageError, command: String?, usage: String) -> Int32 {
        let name = command.map { "timeline-layout \($0)" } ?? "timeline-layout"
        writeError("\(name): \(error.message)")
        if let line = usage.split(separator: "\n").first(where: { $0.hasPrefix("Usage:") }) {
            writeError(String(line))
        }
        writeError("  See 'timeline-layout help\(command.map { " \($0)" } ?? "")' for more information.")
        return ExitStatus.usage
    }
}
