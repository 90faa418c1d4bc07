import Foundation
import Testing

@testable import DiaryKit

@Suite struct BookEntryLineTests {
    /// The byte-by-byte reading of ASCII text gives the words that splitting on white-space
    /// characters gives, and the same count; other text is read by characters.
    @Test(arguments: [
        "", "   ", "one", "  two  words ", "tabs\tand\nlines\r\nand\u{0B}\u{0C}feeds",
        "no\u{1F}unit separator", "Käse\u{00A0}und Brot", "e\u{301} \u{3000}東京\u{2028}🌊",
        String(repeating: "a walk by the river, then tea; ", count: 9)
    ])
    func wordsAreJoinedByOneSpaceAsCharactersWouldBe(text: String) {
        let expected = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let words = BookEntryLine.words(of: text)
        #expect(words.text == expected)
        #expect(words.count == expected.count)
    }
}
