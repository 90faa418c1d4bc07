import Foundation

/// A full-text condition of a fetch: every word of ``text`` must occur, as a word, in one of
/// the searched attributes, and every one of ``phrases`` as consecutive words (string attributes marked `isSearchable`). Words are compared
/// ignoring case and accents (`Café` finds `cafe`, `strasse` finds `Straße`, `lodz` finds
/// `Łódź`); with ``matchesPrefixes`` a word also finds longer words it begins (`photo` finds
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

    /// A search for the words of `text`, and each of `phrases` as a whole, in `attributes`
    /// (nil: all searchable ones).
    public init(_ text: String, phrases: [String] = [], in attributes: [String]? = nil, matchesPrefixes: Bool = false) {
        self.text = text
        self.phrases = phrases
        self.attributes = attributes
        self.matchesPrefixes = matchesPrefixes
    }

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
        let wanted = Self.words(text)
        let phrases = phraseWords
        guard !wanted.isEmpty || !phrases.isEmpty else { return false }
        var texts: [[String]] = []
        for attribute in attributes {
            if case .value(.string(let value)) = subject.predicateProperty(named: attribute.name) {
                texts.append(Self.words(value))
            }
        }
        let found = Set(texts.joined())
        let hasWords = wanted.allSatisfy { word in
            matchesPrefixes ? found.contains { $0.hasPrefix(word) } : found.contains(word)
        }
        return hasWords && phrases.allSatisfy { phrase in texts.contains { contains(phrase, in: $0) } }
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
        let terms = Self.words(text).map { [$0] } + phraseWords
        guard !terms.isEmpty else { return nil }
        return terms.map { words in
            "\"" + words.joined(separator: " ").replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (matchesPrefixes ? " *" : "")
        }.joined(separator: " AND ")
    }
}
