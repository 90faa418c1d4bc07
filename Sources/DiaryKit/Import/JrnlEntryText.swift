import Foundation

/// jrnl's rules for an entry's text (as jrnl 4.6 reads its journal file): the title is the
/// first line (or, in a text without a line break, the first sentence), the body the rest; a
/// `*` ending the title line stars the entry; `#word` and `@word` mark tags.
enum JrnlEntryText {
    /// The text as jrnl shows it: the title line, then the body on the lines below.
    static func joined(title: String, body: String) -> String {
        let title = title.trimmedWhitespace
        let body = body.trimmedWhitespace
        if body.isEmpty { return title }
        if title.isEmpty { return body }
        return title + "\n" + body
    }

    /// An entry's raw text from a journal file (everything after `[date] ` up to the line
    /// break before the next entry, or to the file's end with its last line break), split the
    /// way jrnl does: at the first line break when there is one, else after the first
    /// sentence. Returns the shown text and whether the title line carried a star.
    static func parse(raw: String) -> (text: String, starred: Bool) {
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let starred = removeStar(fromTitleOf: &lines)
        if lines.count > 1 || starred {
            return (joined(title: lines[0], body: lines.dropFirst().joined(separator: "\n")), starred)
        }
        let (title, body) = splitFirstSentence(lines.first ?? "")
        return (joined(title: title, body: body), starred)
    }

    /// jrnl's inline syntax in text typed for a new entry (`diary Met Anna @friends *`): the
    /// star and the tags by the rules above, the text kept as typed but for the star.
    static func inline(_ text: String) -> (text: String, tags: [String], starred: Bool) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let starred = removeStar(fromTitleOf: &lines)
        let shown = lines.joined(separator: "\n")
        return (shown, tags(in: shown), starred)
    }

    /// Whether the first line ends in `*` (jrnl's star), taking the star and the white space
    /// around it off that line.
    private static func removeStar(fromTitleOf lines: inout [String]) -> Bool {
        guard let first = lines.first, first.trimmingScalars(where: \.isSpaceOrTab).hasSuffix("*") else { return false }
        lines[0] = first.trimmingScalars { $0 == " " || $0 == "*" || $0 == "\n" || $0 == "\t" }
        return true
    }

    /// Splits a one-line text after its first sentence end (`.`, `!`, `?` or `…`, an
    /// optional closing quote or bracket, then a space).
    static func splitFirstSentence(_ line: String) -> (String, String) {
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            if ".!?…".contains(characters[index]) {
                var end = index + 1
                while end < characters.count, "'\"’”)]".contains(characters[end]) { end += 1 }
                if end < characters.count, characters[end].isWhitespace {
                    return (String(characters[..<end]), String(characters[end...]))
                }
            }
            index += 1
        }
        return (line, "")
    }

    /// The `#tags` and `@tags` in `text` (without the symbol), lower-cased as jrnl stores them,
    /// in order of first appearance: a `#` or `@` (jrnl's default tag symbols) at the start of
    /// a word followed by letters, digits and `_-+*#/`.
    static func tags(in text: String) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        var previous: Character = " "
        var iterator = text.makeIterator()
        var pending: Character? = iterator.next()
        while let character = pending {
            pending = iterator.next()
            defer { previous = character }
            guard character == "@" || character == "#", previous.isWhitespace else { continue }
            var name = ""
            while let next = pending, next.isLetter || next.isNumber || "_-+*#/".contains(next) {
                name.append(next)
                pending = iterator.next()
            }
            let tag = name.lowercased()
            if !tag.isEmpty, seen.insert(tag).inserted { found.append(tag) }
        }
        return found
    }

    /// A tag as jrnl's JSON export lists it (`@work`), without its tag symbol.
    static func tagName(_ listed: String) -> String {
        var name = Substring(listed)
        if let first = name.first, first == "@" || first == "#" { name = name.dropFirst() }
        return String(name)
    }
}
