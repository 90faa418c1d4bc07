import Foundation
import TestSupport
import Testing

/// `diary edit` against temporary stores.
@Suite struct EditCommandTests {
    @Test func inlineTagsFollowTheTextWhileTagsGivenWithTagStay() throws {
        let store = try TestStore()
        try store.succeed(["Lunch", "with", "@anna"])
        try store.succeed(["edit", "1", "--tag", "work"])
        func tags() throws -> [String] {
            try #require(try store.json(["show", "1"]) as? [String: Any])["tags"] as? [String] ?? []
        }
        #expect(try tags() == ["anna", "work"])
        try store.succeed(["edit", "1", "--star"])  // no text change: the tags stay
        #expect(try tags() == ["anna", "work"])
        try store.succeed(["edit", "1", "--text", "only @dora now"])
        #expect(try tags() == ["dora", "work"])
        try store.succeed(["edit", "1", "--append", "with #Eve", "--tag", "dora"])
        #expect(try tags() == ["dora", "eve", "work"])
        try store.succeed(["edit", "1", "--text", "plain words", "--tag", "dora"])  // kept: given with --tag
        #expect(try tags() == ["dora", "work"])
    }

    /// An edit that asks for what the entry already holds saves nothing and says so.
    @Test func aChangeToWhatIsAlreadyThereSavesNothingAndSaysSo() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Same words", "--tag", "walk", "--star", "--on", "2026-11-29 14:03"])
        let before = try store.snapshot()
        for arguments in [
            ["--text", "Same words"], ["--star"], ["--tag", "walk"], ["--on", "2026-11-29 14:03"],
            ["--untag", "other", "--star"]
        ] {
            let run = try store.succeed(["edit", "1"] + arguments)
            #expect(!run.stdout.contains("Updated"), "\(arguments): \(run)")
            #expect(run.stderr.contains("No changes; entry #1 left as it was."), "\(arguments): \(run)")
            #expect(try store.snapshot() == before, "\(arguments)")
        }
        let json = try store.succeed(["edit", "1", "--star", "--json"])
        #expect(
            json.stdout.contains("\"text\" : \"Same words\"") || json.stdout.contains("\"text\": \"Same words\""),
            "\(json)")
        #expect(try store.snapshot() == before)
        #expect(try store.succeed(["edit", "1", "--unstar"]).stdout == "Updated entry #1\n")
    }

    @Test func changesTextMediaTagsAndStarInOneSave() throws {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Beach day", "--tag", "travel", "--image", Fixture.path("jpeg-baseline.jpg"),
            "--audio", Fixture.path("audio-tone.wav")
        ])
        let result = try store.succeed([
            "edit", "1", "--append", "Sunset later.", "--image", Fixture.path("png-rgb-8.png"),
            "--remove-media", "1", "--untag", "travel", "--tag", "sea", "--star"
        ])
        #expect(result.stdout == "Updated entry #1\n")
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(entry["text"] as? String == "Beach day\n\nSunset later.")
        #expect(entry["tags"] as? [String] == ["sea"])
        #expect(entry["starred"] as? Bool == true)
        let media = try #require(entry["media"] as? [[String: Any]])
        #expect(media.map { $0["fileName"] as? String } == ["audio-tone.wav", "png-rgb-8.png"])
        #expect(media.map { $0["index"] as? Int } == [1, 2])
        #expect(try store.blobFiles().count == 2, "the removed photo's file is gone")

        let replaced = try #require(try store.json(["edit", "1", "--text", "New text", "--unstar"]) as? [String: Any])
        #expect(replaced["text"] as? String == "New text")
        #expect(replaced["starred"] as? Bool == false)
        #expect(replaced["creationTime"] as? String == entry["creationTime"] as? String)
    }

    @Test func aBadChangeLeavesTheEntryAsItWas() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Keep me", "--image", Fixture.path("jpeg-baseline.jpg")])
        let before = try store.snapshot()
        let broken = try store.run(["edit", "1", "--append", "lost", "--image", Fixture.path("broken-bad-crc.png")])
        #expect(broken.status == 65, "\(broken)")
        let noMedium = try store.run(["edit", "1", "--remove-media", "3"])
        #expect(noMedium.status == 64, "\(noMedium)")
        #expect(noMedium.stderr == "diary: entry #1 has no medium 3 (it has media 1 to 1)\n")
        let unknown = try store.run(["edit", "9", "--text", "x"])
        #expect(unknown.status == 66)
        let both = try store.run(["edit", "1", "--text", "a", "--append", "b"])
        #expect(both.status == 64)
        #expect(try store.snapshot() == before)
    }

    @Test func withoutOptionsTheEditorOrStdinGivesTheNewText() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "First draft"])
        try store.succeed(["edit", "1", "--replace"], stdin: "Piped rewrite\n")
        #expect((try store.json(["show", "1"]) as? [String: Any])?["text"] as? String == "Piped rewrite")

        // The editor starts from the current text.
        let script = try makeScript(in: store.scratch, #"printf '\nedited\n' >> "$1""#)
        let edited = try runDiaryInTerminal(
            ["edit", "1"], store: store.url, environment: ["EDITOR": "/bin/sh \(script.path)"])
        #expect(edited.status == 0, "\(edited)")
        #expect((try store.json(["show", "1"]) as? [String: Any])?["text"] as? String == "Piped rewrite\nedited")

        let unchanged = try store.run(["edit", "1"], stdin: "Piped rewrite\nedited\n")
        #expect(unchanged.status == 0)
        #expect(unchanged.stderr == "No changes; entry #1 left as it was.\n")
        let cancelled = try store.run(["edit", "1"], stdin: "")
        #expect(cancelled.status == 0)
        #expect(cancelled.stderr == "Cancelled: empty text, entry #1 left as it was.\n")
        #expect((try store.json(["show", "1"]) as? [String: Any])?["text"] as? String == "Piped rewrite\nedited")
    }

    @Test func onReDatesAnEntryToAMomentOrToADayKeepingItsTimeOfDay() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "moved", "--on", "2026-11-29 14:03"])
        try store.succeed(["edit", "1", "--on", "2026-10-02"])
        let toDay = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect((toDay["creationTime"] as? String)?.hasPrefix("2026-10-02T14:03:") == true, "\(toDay)")
        try store.succeed(["edit", "1", "--on", "2026-10-03 08:15"])
        let toMoment = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(toMoment["creationTime"] as? String == "2026-10-03T08:15:00.000+02:00")
        #expect(try store.listedIDs(["--on", "2026-10-03"]) == [1])
        #expect(try store.run(["edit", "1", "--on", "not-a-date"]).status == 64)
    }

    @Test func pipedTextIsAppendedUnlessReplaceIsGiven() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Morning"])
        try store.succeed(["edit", "1"], stdin: "Evening, later.\n")
        #expect((try store.json(["show", "1"]) as? [String: Any])?["text"] as? String == "Morning\n\nEvening, later.")
        try store.succeed(["edit", "1", "--replace"], stdin: "All new\n")
        #expect((try store.json(["show", "1"]) as? [String: Any])?["text"] as? String == "All new")
    }
}
