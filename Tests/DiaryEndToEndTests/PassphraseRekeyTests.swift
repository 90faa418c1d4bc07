import Foundation
import TestSupport
import Testing

/// `diary passphrase --rekey`: the whole diary re-encrypted under a new data key, so a copy of
/// the old `Diary.key` with the old passphrase opens nothing of today's data; crash-safe as
/// `diary encrypt` is. Plain `diary passphrase` keeps the data key (and says so).
@Suite struct PassphraseRekeyTests {
    static let old = EncryptedStoreCommandTests.passphrase("old pass")
    static let new = EncryptedStoreCommandTests.passphrase("new pass")
    /// What `passphrase` needs in a script: the current passphrase and the new one.
    static let changing = old.merging(["DIARY_NEW_PASSPHRASE_COMMAND": "echo new pass"]) { $1 }

    @Test func afterRekeyTheOldKeyFileWithTheOldPassphraseOpensNothing() throws {
        let store = try EncryptedStoreCommandTests.populatedStore()
        let before = try store.succeed(["list", "--json"]).stdout
        try store.succeed(["encrypt"], environment: Self.old)
        let keyFile = store.url.appendingPathComponent("Diary.key")
        let oldKeyFile = try Data(contentsOf: keyFile)
        let oldBlobs = try store.blobFiles()

        let run = try store.succeed(["passphrase", "--rekey"], environment: Self.changing)
        #expect(run.stderr.contains("under a new data key"), "\(run)")
        #expect(try store.succeed(["list", "--json"], environment: Self.new).stdout == before)
        #expect(try store.succeed(["check"], environment: Self.new).stdout.hasSuffix("OK\n"))
        let photo = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("jpeg-baseline.jpg")))
        let out = store.scratch.appendingPathComponent("out")
        try store.succeed(["export", "1", "--output", out.path], environment: Self.new)
        let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
        #expect(
            try Data(contentsOf: out.appendingPathComponent(bundle).appendingPathComponent("media/jpeg-baseline.jpg"))
                == photo)
        // Every media file was sealed again, under new names.
        #expect(Set(try store.blobFiles()).isDisjoint(with: oldBlobs))
        #expect(try store.blobFiles().count == oldBlobs.count)

        // The old key file put back: the old passphrase opens it, but its key opens nothing here.
        try Data(oldKeyFile).write(to: keyFile)
        let stale = try store.run(["list", "--json"], environment: Self.old)
        #expect(stale.status == 65, "\(stale)")
        #expect(stale.stderr.contains("is not this diary's key file"), "\(stale)")
        #expect(!stale.stdout.contains(EncryptedStoreCommandTests.text))
        #expect(try store.run(["list"], environment: Self.new).status == 77)
    }

    @Test func plainPassphraseKeepsTheDataKeySoTheOldKeyFileStillOpensIt() throws {
        let store = try EncryptedStoreCommandTests.populatedStore()
        try store.succeed(["encrypt"], environment: Self.old)
        let keyFile = store.url.appendingPathComponent("Diary.key")
        let oldKeyFile = try Data(contentsOf: keyFile)
        try store.succeed(["passphrase"], environment: Self.changing)
        try oldKeyFile.write(to: keyFile)
        #expect(try store.succeed(["list"], environment: Self.old).stdout.contains(EncryptedStoreCommandTests.text))
        let help = try store.succeed(["passphrase", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
        #expect(help.contains("keeps the data key"), "\(help)")
        #expect(help.contains("--rekey"), "\(help)")
    }

    @Test func rekeyOfAPlainDiaryIsRefusedAndChangesNothing() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "plain"])
        let snapshot = try store.snapshot()
        let run = try store.run(["passphrase", "--rekey"], environment: Self.changing)
        #expect(run.status == 64, "\(run)")
        #expect(try store.snapshot() == snapshot)
    }

    /// SIGKILL at moments spread over `diary passphrase --rekey`: each time the diary opens with
    /// the old passphrase or the new one, whole, with a clean check and every entry.
    @Test func aKilledRekeyLeavesADiaryThatOpensWithOneOfTheTwoPassphrases() throws {
        let template = try EncryptedStoreCommandTests.populatedStore()
        for index in 0..<3 {
            try template.succeed([
                "new", "--text", "more \(index)", "--image", Fixture.path("jpeg-baseline.jpg"),
                "--image", Fixture.path("png-rgb-8.png"), "--audio", Fixture.path("audio-tone.wav")
            ])
        }
        let expected = try template.succeed(["list", "--json"]).stdout
        try template.succeed(["encrypt"], environment: Self.old)
        let timing = try TestStore()
        try copyStore(template.url, to: timing.url)
        let started = Date()
        try timing.succeed(["passphrase", "--rekey"], environment: Self.changing)
        let whole = Date().timeIntervalSince(started)
        var outcomes: [String: Int] = [:]
        for attempt in 0..<16 {
            // Spread over the whole run (two derivations, then the copy and the switch), the last
            // two late enough that the switch has surely happened.
            let delay = attempt >= 14 ? whole * Double(attempt - 11) : whole * Double(attempt + 1) / 14
            let trial = try TestStore()
            try copyStore(template.url, to: trial.url)
            let process = try startDiary(["passphrase", "--rekey"], store: trial.url, environment: Self.changing)
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            var opened = try trial.run(["list", "--json"], environment: Self.new)
            var which = "new"
            if opened.status == 77 {
                opened = try trial.run(["list", "--json"], environment: Self.old)
                which = "old"
            }
            outcomes[which, default: 0] += 1
            #expect(opened.status == 0, "attempt \(attempt) after \(delay) s: \(opened)")
            #expect(opened.stdout == expected, "attempt \(attempt) (\(which) passphrase)")
            let check = try trial.run(["check"], environment: which == "new" ? Self.new : Self.old)
            #expect(check.status == 0, "attempt \(attempt) (\(which) passphrase): \(check)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: trial.scratch.path).filter {
                $0.hasPrefix(".")
            }
            #expect(leftovers.isEmpty, "attempt \(attempt) left \(leftovers)")
        }
        // Some kills landed before the switch and some after it.
        #expect(outcomes.count == 2, "\(outcomes)")
    }
}
