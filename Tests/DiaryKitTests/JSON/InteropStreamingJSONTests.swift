import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite("Streaming JSON reader")
struct InteropStreamingJSONTests {
    private func reader(_ text: String, in folder: TemporaryDirectory) throws -> StreamingJSONReader {
        try StreamingJSONReader(fileAt: try folder.file("doc-\(UUID().uuidString).json", Data(text.utf8)))
    }

    @Test func handsOutTheElementsOfTheNamedArrayOneAtATime() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let json =
            #"{"tags": {"@a": [1, {"x": null}]}, "entries": [{"n": 1, "s": "a\"b\\c\u00e9\ud83c\udf0a"}, [true, false, -1.5e2], "x"], "after": 1}"#
        let reader = try reader(json, in: folder)
        try reader.enterArray(forKey: "entries")
        #expect(try reader.nextElement() == .object(["n": .number(1), "s": .string("a\"b\\cé🌊")]))
        #expect(try reader.nextElement() == .array([.bool(true), .bool(false), .number(-150)]))
        #expect(try reader.nextElement() == .string("x"))
        #expect(try reader.nextElement() == nil)
        #expect(try reader.nextElement() == nil)
    }

    @Test func stringsLongerThanOneChunkSurviveTheChunkBoundaries() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let long =
            String(repeating: "ü", count: StreamingJSONReader.chunkSize) + "\\n" + String(repeating: "x", count: 70_000)
        let reader = try reader("[\"" + long + "\", 2]", in: folder)
        try reader.enterTopLevelArray()
        let first = try reader.nextElement()
        #expect(first?.stringValue?.count == StreamingJSONReader.chunkSize + 1 + 70_000)
        #expect(first?.stringValue?.contains("ü\nx") == true)
        #expect(try reader.nextElement() == .number(2))
    }

    @Test(arguments: [
        ("[{\"a\": 1,\n}]", 1, "line 2: expected a member name in quotes"),
        ("[1,\n2\n3]", 2, "line 3: expected ',' or ']' after an element, found '3'"),
        ("[\"unterminated", 1, "line 1: the file ends in the middle of a value"),
        ("[01]", 1, "line 1: 01 is not a JSON number"),
        ("[\"tab\tinside\"]", 1, "line 1: a string contains a raw control character (byte 0x9)"),
        ("[\"\\ud800\"]", 1, "line 1: a \\u escape holds half of a surrogate pair"),
        ("[tru]", 1, "line 1: expected true")
    ])
    func syntaxErrorsNameTheElementAndTheLine(json: String, element: Int, reason: String) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let reader = try reader(json, in: folder)
        try reader.enterTopLevelArray()
        var error: InteropError?
        do {
            while try reader.nextElement() != nil {}
        } catch let thrown {
            error = thrown
        }
        #expect(error == .malformed(file: reader.url, entry: element, reason: reason))
    }

    @Test func invalidUTF8IsAnError() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let url = try folder.file("bad.json", Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]))
        let reader = try StreamingJSONReader(fileAt: url)
        try reader.enterTopLevelArray()
        #expect(throws: InteropError.malformed(file: url, entry: 1, reason: "line 1: a string is not valid UTF-8")) {
            _ = try reader.nextElement()
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefusedWithoutCrashing() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let depth = StreamingJSONReader.maximumDepth + 10
        let reader = try reader(
            "[" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]",
            in: folder)
        try reader.enterTopLevelArray()
        #expect(throws: InteropError.self) { _ = try reader.nextElement() }
    }

    @Test func aDocumentWithoutTheArrayIsMalformedOutsideAnyEntry() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let reader = try reader(#"{"tags": {}}"#, in: folder)
        #expect(
            throws: InteropError.malformed(
                file: reader.url, entry: nil,
                reason: "line 1: the top-level object has no \"entries\" array")
        ) {
            try reader.enterArray(forKey: "entries")
        }
    }
}
