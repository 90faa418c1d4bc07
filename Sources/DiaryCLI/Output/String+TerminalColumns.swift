extension String {
    /// How many terminal columns the text takes: East Asian wide characters and emoji
    /// count two, control characters none, everything else one. Escape sequences
    /// should be removed first (``removingTerminalEscapes``).
    package var terminalColumns: Int {
        reduce(0) { $0 + $1.terminalColumns }
    }

    /// The text cut to at most `columns` columns, ending in `…` when it was cut, for
    /// one-line summaries such as `#42  14:03  Beach day…`.
    package func truncated(toColumns columns: Int) -> String {
        guard terminalColumns > columns else { return self }
        guard columns > 0 else { return "" }
        var result = ""
        var used = 0
        for character in self {
            let width = character.terminalColumns
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }
}

extension Character {
    /// Columns on a terminal: 0 for control characters, 2 for wide ones, else 1.
    var terminalColumns: Int {
        guard let scalar = unicodeScalars.first else { return 0 }
        if scalar.properties.generalCategory == .control { return 0 }
        if scalar.properties.isEmojiPresentation || unicodeScalars.contains("\u{FE0F}") { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

extension String {
    /// The text with terminal escape sequences (`ESC [ … letter`) removed: what a
    /// reader sees, for measuring and for tests.
    package var removingTerminalEscapes: String {
        var result = ""
        var iterator = makeIterator()
        while let character = iterator.next() {
            guard character == "\u{1B}" else {
                result.append(character)
                continue
            }
            guard iterator.next() == "[" else { continue }
            while let next = iterator.next(), !(next.isLetter) {}
        }
        return result
    }
}
