import Foundation
import TestSupport
import Testing

/// `diary --version` is answered before the command's context starts (no environment, time
/// zone or store is read); every other spelling still goes through the whole program.
@Suite struct VersionStartTests {
    @Test func versionAloneReadsNeitherTimeZoneNorStore() throws {
        let scratch = try TemporaryDirectory(prefix: "version-start")
        let store = scratch.url.appendingPathComponent("store")
        let run = try runDiary(["--version"], environment: ["TZ": "Nowhere/Land"], store: .at(store))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "diary 0.1.0\n")
        // The full start warns about the time zone; the quick answer never looks at it.
        #expect(run.stderr == "")
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func otherSpellingsKeepTheProgramsRules() throws {
        let scratch = try TemporaryDirectory(prefix: "version-start")
        let withStore = try runDiary(
            ["--store", scratch.url.appendingPathComponent("s").path, "--version"],
            environment: ["TZ": "Nowhere/Land"])
        #expect(withStore.status == 0, "\(withStore)")
        #expect(withStore.stdout == "diary 0.1.0\n")
        #expect(withStore.stderr.contains("TZ=Nowhere/Land"))

        let helpFirst = try runDiary(["--help", "--version"])
        #expect(helpFirst.status == 0, "\(helpFirst)")
        #expect(helpFirst.stdout.hasPrefix("OVERVIEW: A photo diary for the command line.\n"))

        let extra = try runDiary(["--version", "extra"])
        #expect(extra.stdout == "diary 0.1.0\n", "\(extra)")
    }
}
