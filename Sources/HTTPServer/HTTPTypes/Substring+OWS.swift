extension Substring {
    /// Without leading and trailing spaces and tabs (OWS).
    func trimmingWhitespace() -> Substring {
        guard let first = firstIndex(where: { !ASCII.isWhitespaceCharacter($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !ASCII.isWhitespaceCharacter($0) }) ?? first
        return self[first...last]
    }
}
