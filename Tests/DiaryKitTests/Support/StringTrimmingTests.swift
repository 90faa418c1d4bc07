import Foundation
import Testing

@testable import DiaryKit

/// The native trims give what Foundation's `trimmingCharacters(in:)` gives.
@Suite struct StringTrimmingTests {
    static let texts = [
        "", " ", "\t", "plain", "  both ends \t", "\u{00A0}no-break\u{00A0}", "\u{3000}ideographic\u{2003}",
        "line\n", "\nline", " *", "title *", "title*  ", "**", "e\u{301} *", " \u{1F600} ", "*\u{301}", "a\u{2028}",
        "\u{0085}next line\u{0085}", "\u{200B}zero width\u{200B}", "tab\t*\t"
    ]

    @Test(arguments: texts)
    func spacesAndTabsTrimAsCharacterSetWhitespaces(text: String) {
        #expect(text.trimmingScalars(where: \.isSpaceOrTab) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: texts)
    func aSetOfScalarsTrimsAsThatCharacterSet(text: String) {
        let set = CharacterSet(charactersIn: " *\n\t")
        #expect(text.trimmingScalars { set.contains($0) } == text.trimmingCharacters(in: set))
    }

    @Test func everyScalarIsWhitespaceExactlyWhenFoundationSaysSo() {
        let differing = (UInt32(0)...0x10FFFF).compactMap { Unicode.Scalar($0) }.filter { scalar in
            scalar.isSpaceOrTab != CharacterSet.whitespaces.contains(scalar)
        }
        #expect(differing.map { "U+" + String($0.value, radix: 16) } == [])
    }
}
