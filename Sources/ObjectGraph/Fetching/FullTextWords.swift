/// How full-text search cuts text into words and folds them: the one rule that the SQLite
/// store's FTS5 tokenizer (`og_words`, see `SQLiteFullTextTokenizer`), the query and the
/// in-memory evaluation of unsaved objects and the other store types all follow, so a word
/// is found the same way wherever the text is.
///
/// A word is a run of letters, digits, combining marks and private-use characters (cut where
/// FTS5's `unicode61` cuts); bytes that are not UTF-8 separate words. Each word is folded with
/// ``PredicateTextMatching/fold(_:_:)`` for `[cd]`: case-folded (`ß` and `ẞ` become `ss`),
/// accents dropped (`é` → `e`), and the letters drawn with a stroke or bar, which Unicode
/// does not decompose, taken as their base letter (`Ł` → `l`, `Ø` → `o`, `Đ` → `d`).
enum FullTextWords {
    /// The folding of every word: `[cd]`.
    static let folding: PredicateComparison.Options = [.caseInsensitive, .diacriticInsensitive]

    /// Changes whenever the cutting or the folding changes, so that an index made by the
    /// earlier rule is seen as stale and rebuilt when its store is opened.
    static let version = 1

    /// The folded words of `text`, in order.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var text = text
        text.withUTF8 { bytes in
            forEachWord(in: bytes) { word, _ in
                words.append(String(decoding: word, as: UTF8.self))
                return true
            }
        }
        return words
    }

    /// Calls `body` with each word of the UTF-8 `bytes`, folded (as UTF-8), and the byte range
    /// it was cut from; stops early when `body` returns false. Words that fold to nothing (a
    /// lone accent) are left out.
    static func forEachWord(
        in bytes: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Bool
    ) {
        var folded: [UInt8] = []
        folded.reserveCapacity(64)
        var wordStart: Int?
        var wordIsASCII = true
        func finish(at end: Int) -> Bool {
            guard let start = wordStart else { return true }
            wordStart = nil
            folded.removeAll(keepingCapacity: true)
            let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if wordIsASCII {
                for byte in word { folded.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte) }
            } else {
                folded.append(
                    contentsOf: PredicateTextMatching.fold(String(decoding: word, as: UTF8.self), folding).utf8)
            }
            if folded.isEmpty { return true }
            return folded.withUnsafeBufferPointer { body($0, start..<end) }
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            let length: Int
            let isWordPart: Bool
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                length = encoded.count
                if length == 1 {
                    isWordPart = isASCIIWordPart(encoded.first ?? 0)
                } else {
                    isWordPart = Self.isWordPart(Unicode.UTF8.decode(encoded))
                }
            case .error(let errorLength):
                length = errorLength
                isWordPart = false
            case .emptyInput:
                _ = finish(at: offset)
                return
            }
            if isWordPart {
                if wordStart == nil {
                    wordStart = offset
                    wordIsASCII = length == 1
                } else if length > 1 {
                    wordIsASCII = false
                }
            } else if !finish(at: offset) {
                return
            }
            offset += length
        }
    }

    /// Whether an ASCII byte belongs to a word: a letter or a digit.
    private static func isASCIIWordPart(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// Whether a non-ASCII scalar belongs to a word: a letter, number, mark or private-use character.
    static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark,
            .privateUse:
            return true
        default:
            return false
        }
    }
}
