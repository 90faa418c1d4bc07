import DiaryKit
import Foundation
import Testing

@Suite struct JSONStringLiteralTests {
    private func literal(_ text: String) -> String {
        var output = ""
        JSONStringLiteral.append(text, to: &output)
        return output
    }

    @Test(arguments: [
        ("plain text", #""plain text""#),
        ("", #""""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("a\\b", #""a\\b""#),
        ("line\nnext\r\ttab", #""line\nnext\r\ttab""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{01}x\u{1F}", #""\u0001x\u001f""#),
        ("del\u{7F}", #""del\u007f""#),
        ("a\u{2028}b\u{2029}c", #""a\u2028b\u2029c""#),
        ("slash / stays", #""slash / stays""#),
        ("Käse, 東京, 🌊", #""Käse, 東京, 🌊""#),
        ("\u{2027}\u{202A}", "\"\u{2027}\\u202a\""),
        ("c1\u{80}\u{9B}\u{9F}\u{A0}", "\"c1\\u0080\\u009b\\u009f\u{A0}\""),
        ("\u{202E}rtl\u{202C}\u{202F}", "\"\\u202ertl\\u202c\u{202F}\""),
        ("\u{2065}\u{2066}\u{2069}\u{206A}", "\"\u{2065}\\u2066\\u2069\u{206A}\"")
    ])
    func escapesExactlyTheCharactersItMust(text: String, expected: String) {
        #expect(literal(text) == expected)
    }

    @Test func everyLiteralParsesBackToItsText() throws {
        var samples = ["", "\"\\\"", "mixed \u{0}\u{7}\u{1B} and é\u{2028}\u{2029} \"quoted\" end"]
        samples.append(String((0..<0x90).compactMap(Unicode.Scalar.init).map(Character.init)))
        for text in samples {
            let json = "[" + literal(text) + "]"
            let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
            #expect(parsed == [text])
        }
    }
}
