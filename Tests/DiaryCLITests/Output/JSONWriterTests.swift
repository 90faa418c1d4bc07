import Foundation
import Testing

@testable import DiaryCLI
@testable import DiaryKit

@Suite struct JSONWriterTests {
    let entry: JSONValue = [
        "id": 42,
        "uuid": "6F9619FF-8B86-D011-B42D-00C04FC964FF",
        "creationTime": .date(Date(timeIntervalSince1970: 1_795_957_380), in: TestConsole.berlin),
        "text": "Beach day",
        "tags": ["travel"],
        "starred": false,
        "media": [["index": 1, "kind": "audio", "duration": 183.2, "sampleRate": .number(44100)]],
        "icon": nil,
        "empty": [],
        "none": .object([])
    ]

    @Test func prettyOutputKeepsTheDocumentedKeyOrder() {
        #expect(
            JSONWriter().string(from: entry) == """
                {
                  "id": 42,
                  "uuid": "6F9619FF-8B86-D011-B42D-00C04FC964FF",
                  "creationTime": "2026-11-29T14:03:00+01:00",
                  "text": "Beach day",
                  "tags": [
                    "travel"
                  ],
                  "starred": false,
                  "media": [
                    {
                      "index": 1,
                      "kind": "audio",
                      "duration": 183.2,
                      "sampleRate": 44100
                    }
                  ],
                  "icon": null,
                  "empty": [],
                  "none": {}
                }
                """)
    }

    @Test func compactOutputHasNoSpaces() {
        let value: JSONValue = ["a": [1, 2.5, true], "b": "x"]
        #expect(JSONWriter(pretty: false).string(from: value) == #"{"a":[1,2.5,true],"b":"x"}"#)
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() {
        let text = "say \"hi\"\\ \n\t\r\u{08}\u{0C}\u{01}\u{7F} / äöü 📷"
        #expect(
            JSONWriter().string(from: .string(text))
                == #""say \"hi\"\\ \n\t\r\b\f\u0001\u007f / äöü 📷""#)
        #expect(
            JSONWriter().string(from: .string("a\u{2028}b\u{2029}")) == #""a\u2028b\u2029""#,
            "line and paragraph separators escaped, as in the bundles' JSON")
    }

    @Test func escapedTextParsesBackToTheSameString() throws {
        let text = "line\nnext \"quoted\" \u{1F} tab\t end\\"
        let json = JSONWriter(pretty: false).string(from: ["text": .string(text)])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(decoded?["text"] == text)
    }

    @Test func numbersAreNumbers() {
        #expect(JSONWriter.numberText(183.2) == "183.2")
        #expect(JSONWriter.numberText(44100) == "44100")
        #expect(JSONWriter.numberText(-0.5) == "-0.5")
        #expect(JSONWriter.numberText(.nan) == "null")
        #expect(JSONWriter.numberText(.infinity) == "null")
        #expect(JSONWriter.numberText(1e20) == "1e+20")
        #expect(JSONWriter().string(from: .integer(Int.min)) == "-9223372036854775808")
    }

    @Test func objectEqualityIsOrderSensitive() {
        #expect(JSONValue.object([("a", 1), ("b", 2)]) != JSONValue.object([("b", 2), ("a", 1)]))
        #expect(JSONValue.object([("a", 1)]) == ["a": 1])
    }

    @Test func contextWritesJSONAndANewlineToStdout() {
        let console = TestConsole()
        console.context.writeJSON(["id": 1])
        #expect(console.output.text == "{\n  \"id\": 1\n}\n")
    }
}
