import Foundation

/// jrnl's rules for an entry's text: the title is the first line (or, in a one-line entry,
/// the first sentence), the body the rest; a `*` ending the title line stars the entry;
/// `@word` marks a tag.
enum JrnlEntryText {
    /// The text as jrnl shows it: the title line, then the body on the lines below.
    static func joined(title: String, body: String) -> String {
        let title = title.trimmedWhitespace
        let body = body.trimmedWhitespace
        if body.isEmpty { return title }
        if title.isEmpty { return body }
        return title + "\n" + body
    }

    /// An entry's raw text from a journal file (everything after `[date] `), split the
    /// way jrnl does: returns the shown text and whether the title line carried a star.
    static func parse(raw: String) -> (text: String, starred: Bool) {
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var starred = false
        if let first = lines.first, first.trimmingCharacters(in: .whitespaces).hasSuffix("*") {
            starred = true
            lines[0] = first.trimmingCharacters(in: CharacterSet(charactersIn: " *\n\t"))
        }
        if lines.count > 1 || starred {
            return (joined(title: lines[0], body: lines.dropFirst().joined(separator: "\n")), starred)
        }
        let (title, body) = splitFirstSentence(lines.first ?? "")
        return (joined(title: title, body: body), starred)
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

    /// The `@tags` in `text` (without the `@`), lower-cased as jrnl stores them, in order of
    /// first appearance: an `@` at the start of a word followed by letters, digits and `_-+*#/`.
    static func tags(in text: String) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        var previous: Character = " "
        var iterator = text.makeIterator()
        var pending: Character? = iterator.next()
        while let character = pending {
            pending = iterator.next()
            defer { previous = character }
            guard character == "@", previous.isWhitespace else { continue }
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
