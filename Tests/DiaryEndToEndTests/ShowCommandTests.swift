import Foundation
import TestSupport
import Testing

/// `diary show` against temporary stores.
@Suite struct ShowCommandTests {
    @Test func showsTextTagsTimesAndMediaFacts() throws {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Beach day\n\nSecond paragraph", "--tag", "travel", "--tag", "Beach",
            "--image", Fixture.path("jpeg-orientation-6.jpg"), "--audio", Fixture.path("audio-tone.aiff"),
            "--on", "2026-11-29 14:03", "--star"
        ])
        let shown = try store.succeed(["show", "#1"]).stdout
        let lines = shown.components(separatedBy: "\n")
        #expect(lines[0] == "#1  Sunday, 29 November 2026 14:03  ★ starred")
        #expect(lines[1] == "Tags:     #Beach #travel")
        #expect(lines[2].hasPrefix("Updated:  "))
        #expect(lines[3].hasPrefix("UUID:     ") && lines[3].count == 46)
        #expect(shown.contains("\nBeach day\n\nSecond paragraph\n\nMedia:\n"))
        #expect(
            shown.contains(
                "  1  photo      jpeg-orientation-6.jpg  1.3 KB  48 × 64 px, orientation 6 (shown 64 × 48)\n"))
        #expect(shown.contains("  2  recording  audio-tone.aiff         "))
        #expect(shown.hasSuffix("0:00.3, 8 kHz, stereo\n"))
    }

    @Test func anUnknownIdExits66() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "the only entry"])
        let result = try store.run(["show", "42"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "diary: no entry #42 (see 'diary list' for the entries there are)\n")
        let notANumber = try store.run(["show", "forty-two"])
        #expect(notANumber.status == 64)
        #expect(notANumber.stderr.hasPrefix("Error: The value 'forty-two' is invalid for '<id>'\n"))
    }

    @Test func outOfRangeTimesAndDurationsInTheStoreAreShownNotFatal() throws {
        let store = try TestStore()
        _ = try store.create(["--text", "Edited by hand", "--audio", Fixture.path("audio-tone.wav")])
        _ = try store.sqlite("UPDATE DiaryEntry SET creationTime = 1e300; UPDATE Medium SET duration = 1e300")
        for arguments in [["show", "1"], ["show", "1", "--json"], ["list"], ["list", "--json"], ["search", "hand"]] {
            let run = try store.run(arguments)
            #expect(run.status == 0, "diary \(arguments.joined(separator: " ")): \(run.stderr)")
            #expect(run.stdout.contains("Edited by hand"))
        }
    }
}
