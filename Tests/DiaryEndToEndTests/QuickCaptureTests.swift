import Foundation
import TestSupport
import Testing

/// `diary new TEXT...` and `diary TEXT...`: an entry written as jrnl users write one.
@Suite struct QuickCaptureTests {
    private func texts(_ store: TestStore) throws -> [String] {
        try #require(try store.json(["list"]) as? [[String: Any]]).compactMap { $0["text"] as? String }
    }

    @Test func wordsAfterDiaryAreANewEntrysTextQuotedOrNot() throws {
        let store = try TestStore()
        #expect(try store.succeed(["Met", "Anna", "for", "coffee"]).stdout == "Created entry #1\n")
        try store.succeed(["Walked home in the rain", "--tag", "walk"])
        #expect(try texts(store) == ["Walked home in the rain", "Met Anna for coffee"])
        let tagged = try #require(try store.json(["show", "2"]) as? [String: Any])
        #expect(tagged["tags"] as? [String] == ["walk"])
    }

    /// `-h` or `--help` after words that name no command asks for help: the program's, with
    /// nothing written (before, `diary book --help` saved an entry "book").
    @Test(arguments: [["book", "--help"], ["Met", "Anna", "-h"], ["--help", "book"]])
    func helpAfterWordsThatNameNoCommandIsTheHelpNeverAnEntry(words: [String]) throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "before"])
        let help = try store.run(words)
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: "), "\(help)")
        #expect(try texts(store) == ["before"])
        // After `--` the words are text.
        try store.succeed(["new", "--", "-h", "is", "text"])
        #expect(try texts(store).contains("-h is text"))
    }

    @Test func textPipedToDiaryAloneIsAnEntryAsJrnlTakesIt() throws {
        let store = try TestStore()
        let run = try store.run([], stdin: "Walked home in the rain\n")
        #expect(run.status == 0 && run.stdout == "Created entry #1\n", "\(run)")
        #expect(try texts(store) == ["Walked home in the rain"])
        // Without anything piped (stdin /dev/null) it is the help, as before.
        #expect(try store.run([]).stdout.hasPrefix("OVERVIEW: "))
    }

    @Test func pipedTextACommandLeavesUnreadIsNamedNotDropped() throws {
        let store = try TestStore()
        let words = try store.run(["Quick", "words"], stdin: "piped\n")
        #expect(words.status == 0)
        #expect(
            words.stderr == "Note: the text piped in was not read (the words give the text); pipe it alone to use it.\n"
        )
        let edit = try store.run(["edit", "1", "--append", "y"], stdin: "x")
        #expect(
            edit.stderr == "Note: the text piped in was not read (options give the change); pipe it alone to use it.\n")
        #expect(try store.run(["new", "--text", "z"]).stderr.isEmpty)
    }

    @Test func theSameFileGivenTwiceIsAttachedOnce() throws {
        let store = try TestStore()
        let photo = Fixture.path("jpeg-baseline.jpg")
        let run = try store.run(["new", "--text", "x", "--image", photo, "--media", photo, "--json"])
        #expect(run.status == 0)
        #expect(run.stderr == "Note: \(photo) was given more than once; it is attached once.\n")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((entry["media"] as? [[String: Any]])?.count == 1)
    }

    @Test func wordsAfterNewAreTheTextToo() throws {
        let store = try TestStore()
        try store.succeed(["new", "Lunch", "with", "Ben", "--star"])
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(entry["text"] as? String == "Lunch with Ben")
        #expect(entry["starred"] as? Bool == true)
        let both = try store.run(["new", "words", "--text", "and an option"])
        #expect(both.status == 64 && both.stderr.contains("not both"), "\(both)")
    }

    @Test(arguments: [
        ["lsit"], ["shwo", "--json"], ["serach"], ["tgas"], ["hlep"], ["delte", "3"], ["shwo", "1"],
        ["serach", "coffee"], ["lsit", "--tag", "work"], ["LIST"], ["Snow"], ["Hello", "there"]
    ])
    func aFirstWordNearACommandNameIsAMistypedCommandNeverAnEntryWhateverFollows(words: [String]) throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "existing"])
        let before = try store.snapshot()
        let typo = try store.run(words)
        #expect(typo.status == 64, "\(typo)")
        #expect(typo.stderr.contains("Unknown subcommand '\(words[0])'. Did you mean '"), "\(typo)")
        #expect(
            typo.stderr.contains("\nHint: to write it as an entry: diary new \(words.joined(separator: " "))\n"),
            "\(typo)")
        #expect(try store.snapshot() == before)
    }

    @Test(arguments: [["Snowed"], ["Sick"], ["Ok", "so", "today"], ["I", "went", "home"], ["Met", "Anna"]])
    func wordsFarFromEveryCommandAreAnEntry(words: [String]) throws {
        let store = try TestStore()
        try store.succeed(words)
        #expect(try texts(store) == [words.joined(separator: " ")])
    }

    @Test func aCommandGivenWordsItTakesNoneOfSaysHowToWriteThemAsAnEntry() throws {
        let store = try TestStore()
        let run = try store.run(["check", "the", "oil", "tomorrow"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: Unexpected argument 'the'\n"
                    + "Hint: to write it as an entry: diary new check the oil tomorrow\n"), "\(run)")
        let quoted = try store.run(["check", "it's", "raining"])
        #expect(
            quoted.stderr.contains("Hint: to write it as an entry: diary new check 'it'\\''s' raining\n"), "\(quoted)")
    }

    @Test func inlineTagsAndAStarAreReadAsTheJrnlImporterReadsTheSameLine() throws {
        let line = "Met Anna for coffee @friends #Cafe *"
        let imported = try TestStore()
        let journal = imported.scratch.appendingPathComponent("journal.txt")
        try Data("[2026-11-29 09:00] \(line)\n".utf8).write(to: journal)
        try imported.succeed(["import", "--from", "jrnl", journal.path])
        let fromJrnl = try #require(try imported.json(["show", "1"]) as? [String: Any])

        let typed = try TestStore()
        try typed.succeed(line.split(separator: " ").map(String.init))
        let fromCapture = try #require(try typed.json(["show", "1"]) as? [String: Any])
        #expect(fromCapture["text"] as? String == "Met Anna for coffee @friends #Cafe")
        #expect(fromCapture["tags"] as? [String] == ["cafe", "friends"])
        #expect(fromCapture["starred"] as? Bool == true)
        for key in ["text", "tags", "starred"] {
            #expect(
                "\(fromCapture[key] ?? "nil")" == "\(fromJrnl[key] ?? "nil")", "\(key) differs from the jrnl importer's"
            )
        }
    }

    @Test func noInlineKeepsTheTextAsTypedWithoutTagsOrStar() throws {
        let store = try TestStore()
        try store.succeed(["new", "--no-inline", "--text", "Mail bob@example.com about #3 *"])
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(entry["text"] as? String == "Mail bob@example.com about #3 *")
        #expect(entry["tags"] as? [String] == [])
        #expect(entry["starred"] as? Bool == false)
    }
}
