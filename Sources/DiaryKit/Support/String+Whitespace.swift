extension StringProtocol {
    /// The text without leading and trailing whitespace and newlines, trimmed natively (no
    /// bridging through `NSString`, which dominates a large import's profile).
    var trimmedWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
