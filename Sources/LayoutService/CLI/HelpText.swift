/// The layout of every command's `--help`: aligned columns and paragraphs, no line longer
/// than `width` characters.
enum HelpText {
    static let width = 100

    /// `rows` as aligned columns after `indent` spaces: every column but the last as wide as
    /// its widest cell, two spaces apart (so cells never run together), and the last wrapped
    /// at spaces within `width`, its continuation lines starting under its first character.
    /// Rows may have fewer cells than others (a missing cell is blank). Ends with a newline.
    static func columns(_ rows: [[String]], indent: Int = 2) -> String {
        let count = rows.map(\.count).max() ?? 0
        guard count > 0 else { return "" }
        var widths = [Int](repeating: 0, count: count - 1)
        for row in rows {
            for (index, cell) in row.dropLast().enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        let lastColumn = indent + widths.reduce(0) { $0 + $1 + 2 }
        var text = ""
        for row in rows {
            var line = String(repeating: " ", count: indent)
            for index in 0..<(count - 1) {
                let cell = index < row.count - 1 ? row[index] : ""
                line += cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }
            let last = row.count == count ? row[count - 1] : ""
            let wrapped = wrap(last, width: max(20, width - lastColumn))
            text += line + wrapped[0] + "\n"
            for continuation in wrapped.dropFirst() {
                text += String(repeating: " ", count: lastColumn) + continuation + "\n"
            }
        }
        return text.replacingTrailingSpaces()
    }

    /// `text` as lines of at most `width` characters, broken at spaces (a longer word stands
    /// alone on its line).
    static func wrap(_ text: String, width: Int = HelpText.width) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines
    }

    /// A paragraph wrapped within `width`, ending with a newline.
    static func paragraph(_ text: String) -> String {
        wrap(text).joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The text with spaces before each line end removed (a row with a blank last cell).
    fileprivate func replacingTrailingSpaces() -> String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n")
    }
}
