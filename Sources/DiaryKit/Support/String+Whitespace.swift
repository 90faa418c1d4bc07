extension StringProtocol {
    /// The text without leading and trailing whitespace and newlines, trimmed natively (no
    /// bridging through `NSString`, which dominates a large import's profile).
    var trimmedWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// The text without the leading and trailing Unicode scalars `isTrimmed` picks, as
    /// Foundation's `trimmingCharacters(in:)` trims a set of them, but natively: the first
    /// `trimmingCharacters` of a process bridges to `NSString` and back, 0.7M instructions of a
    /// `diary new --text`.
    func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// Whether `CharacterSet.whitespaces` holds the scalar: a space separator (Zs), a tab, or
    /// U+200B ZERO WIDTH SPACE, which Foundation's set also holds (checked over every scalar).
    var isSpaceOrTab: Bool {
        self == "\t" || value == 0x200B || properties.generalCategory == .spaceSeparator
    }
}
