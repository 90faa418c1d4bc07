import Foundation

/// A full-text condition of a fetch: every word of ``text`` must occur, as a word, in one of
/// the searched attributes, and every one of ``phrases`` as consecutive words (string attributes marked
/// `isSearchable`). Words are compared ignoring case and accents (`Café` finds `cafe`, `strasse` finds `Straße`, `lodz`
/// finds `Łódź`); with ``matchesPrefixes`` a word also finds longer words it begins (`photo` finds
/// `photographs`).
///
/// The text is user input: it is split into words and each word is quoted, so no character
/// of it is ever read as search syntax. Text without any word matches no object.
///
/// ```swift
/// var request = FetchRequest(entityName: "Entry")
/// request.fullTextSearch = FullTextSearch("berlin wall", in: ["text"])
/// ```
///
/// The SQLite store answers it from an FTS5 index; the in-memory and binary stores, and
/// unsaved objects, are checked word by word in memory: both cut and fold words with
/// `FullTextWords`, so the answers agree.
public struct FullTextSearch: Sendable, Hashable {
    /// What the user typed.
    public var text: String
    /// The attributes to search, or nil for every searchable attribute of the entity.
    public var attributes: [String]?
    /// Whether each word also finds words it is the beginning of (for a phrase, its last word).
    public var matchesPrefixes: Bool
    /// Phrases that must occur as well, each its words one after the other in one attribute
    /// (`"sunset at the beach"`), compared as the words of ``text`` are.
    public var phrases: [String]
    /// Whether each term of ``text`` (what stands between white space) is also found as a run of
    /// characters inside an attribute, ignoring case: `kuchen` finds `Käsekuchen`, `タワー` finds
    /// `東京タワー`. A term that is not one plain word (`C++`, `C#`, `🎉`, `e-mail`) is then
    /// found only so, literally, never by its words (`C++` does not find every word starting
    /// with c). A run of characters ignores the case of ASCII letters only, and no accents
    /// (plain words still find `Café` for `cafe` and `KÄSE` for `Käse` through the word index).
    /// The SQLite store looks for runs in the text itself, not in an index (see
    /// `SQLiteStore+FullText`): a search with them reads every row the rest of the fetch selects.
    public var matchesSubstrings: Bool

    /// A search for the words of `text`, and each of `phrases` as a whole, in `attributes`
    /// (nil: all searchable ones).
    public init(
        _ text: String, phrases: [String] = [], in attributes: [String]? = nil, matchesPrefixes: Bool = false,
        matchesSubstrings: Bool = false
    ) {
        self.text = text
        self.phrases = phrases
        self.attributes = attributes
        self.matchesPrefixes = matchesPrefixes
        self.matchesSubstrings = matchesSubstrings
    }

    /// One term of ``text`` when ``matchesSubstrings``: its characters, and its folded word
    /// when it is one plain word (found by the word index too).
    struct LiteralTerm: Hashable {
        var text: String
        var word: String?
    }

    /// The terms of ``text`` found as runs of characters; none without ``matchesSubstrings``.
    var literalTerms: [LiteralTerm] {
        guard matchesSubstrings else { return [] }
        return text.split(whereSeparator: \.isWhitespace).map { part in
            let term = String(part)
            let words = Self.words(term)
            let plain = words.count == 1 && term.unicodeScalars.allSatisfy(FullTextWords.isWordPart)
            return LiteralTerm(text: term, word: plain ? words[0] : nil)
        }
    }

    /// The words of ``text`` searched through the word index alone: all of them, unless
    /// ``matchesSubstrings`` makes each term a ``LiteralTerm``.
    private var indexedWords: [String] { matchesSubstrings ? [] : Self.words(text) }

    /// The phrases' words, phrases without words left out.
    private var phraseWords: [[String]] {
        phrases.map(Self.words).filter { !$0.isEmpty }
    }

    /// `text`'s words, folded, as the index's tokenizer cuts and folds them (``FullTextWords``).
    static func words(_ text: String) -> [String] { FullTextWords.words(text) }

    /// The searched attributes of `entity`.
    /// - Throws: ``FetchRequestError/notSearchable(entity:attribute:)`` for an attribute that is
    ///   not a searchable string, ``FetchRequestError/nothingSearchable(entity:)`` when none is left.
    func searchedAttributes(of entity: EntityDescription) throws(FetchRequestError) -> [AttributeDescription] {
        let searchable = entity.allAttributes.filter { $0.isSearchable && $0.type == .string && !$0.isTransient }
        guard let names = attributes else {
            if searchable.isEmpty { throw .nothingSearchable(entity: entity.name) }
            return searchable
        }
        var result: [AttributeDescription] = []
        for name in names {
            guard let attribute = searchable.first(where: { $0.name == name }) else {
                throw .notSearchable(entity: entity.name, attribute: name)
            }
            result.append(attribute)
        }
        if result.isEmpty { throw .nothingSearchable(entity: entity.name) }
        return result
    }

    /// Whether `subject` matches, checked in memory.
    func matches(_ subject: any PredicateSubject, attributes: [AttributeDescription]) -> Bool {
        let wanted = indexedWords
        let phrases = phraseWords
        let terms = literalTerms
        guard !wanted.isEmpty || !phrases.isEmpty || !terms.isEmpty else { return false }
        var values: [String] = []
        var texts: [[String]] = []
        for attribute in attributes {
            if case .value(.string(let value)) = subject.predicateProperty(named: attribute.name) {
                values.append(value)
                texts.append(Self.words(value))
            }
        }
        let found = Set(texts.joined())
        func hasWord(_ word: String) -> Bool {
            matchesPrefixes ? found.contains { $0.hasPrefix(word) } : found.contains(word)
        }
        let hasTerms = terms.allSatisfy { term in
            if let word = term.word, hasWord(word) { return true }
            return values.contains { Self.contains(term.text, in: $0) }
        }
        return wanted.allSatisfy(hasWord) && hasTerms
            && phrases.allSatisfy { phrase in texts.contains { contains(phrase, in: $0) } }
    }

    /// Whether `value` holds `term` as a run of characters, the case of ASCII letters ignored,
    /// as the SQLite store's `instr(lower(…), lower(…))` ignores it.
    private static func contains(_ term: String, in value: String) -> Bool {
        asciiLowercased(value).contains(asciiLowercased(term))
    }

    /// `text`'s bytes with ASCII letters lower-cased, as SQLite's `lower()`.
    private static func asciiLowercased(_ text: String) -> [UInt8] {
        text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
    }

    /// Whether `words` hold `phrase` as consecutive words (its last one as a prefix with
    /// ``matchesPrefixes``).
    private func contains(_ phrase: [String], in words: [String]) -> Bool {
        guard words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            phrase.indices.allSatisfy { offset in
                let word = words[start + offset]
                let isLast = offset == phrase.count - 1
                return matchesPrefixes && isLast ? word.hasPrefix(phrase[offset]) : word == phrase[offset]
            }
        }
    }

    /// The FTS5 query for `text`: each word a quoted string (quotes doubled), prefix-starred
    /// when asked, all required; nil when the text has no word.
    var ftsQuery: String? {
        // A phrase is one FTS5 string of several words; the tokenizer cuts and folds it as it
        // cut the indexed text, so its words must stand one after the other.
        let terms = indexedWords.map { [$0] } + phraseWords
        guard !terms.isEmpty else { return nil }
        return terms.map { Self.ftsString($0, prefix: matchesPrefixes) }.joined(separator: " AND ")
    }

    /// `words` as one FTS5 string (quotes doubled), prefix-starred when asked.
    static func ftsString(_ words: [String], prefix: Bool) -> String {
        "\"" + words.joined(separator: " ").replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (prefix ? " *" : "")
    }
}
