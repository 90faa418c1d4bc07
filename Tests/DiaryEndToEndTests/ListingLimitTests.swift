import Foundation
import TestSupport
import Testing

/// A listing cut at its limit says so on a terminal; `--all` lists everything.
@Suite struct ListingLimitTests {
    private func store(entries count: Int) throws -> TestStore {
        let store = try TestStore()
        for number in 1...count { try store.succeed(["new", "--text", "entry \(number)", "--on", "2026-11-01 10:00"]) }
        return store
    }

    @Test func onATerminalTheLastLineSaysHowManyOfHowManyAreShown() throws {
        let store = try store(entries: 3)
        let run = try runDiaryInTerminal(["list", "--limit", "2"], store: store.url, environment: ["NO_COLOR": "1"])
        #expect(run.stdout.hasSuffix("2 of 3 shown; --all for every entry\r\n"), "\(run)")
        let whole = try runDiaryInTerminal(["list", "--limit", "3"], store: store.url, environment: ["NO_COLOR": "1"])
        #expect(!whole.stdout.contains("shown;"), "no note when nothing was left out")
    }

    @Test func onAColourTerminalTheNoteIsDimmedNotShownAsEscapedCodes() throws {
        let store = try store(entries: 3)
        let run = try runDiaryInTerminal(
            ["list", "--limit", "2"], store: store.url, environment: ["TERM": "xterm-256color"])
        #expect(
            run.stdout.hasSuffix("\u{1B}[2m2 of 3 shown; --all for every entry\u{1B}[0m\r\n"),
            "\(run.stdout.debugDescription)")
        #expect(!run.stdout.contains("\\u{1B}"), "\(run.stdout.debugDescription)")
    }

    @Test func aPipeGetsTheListingWithoutTheNote() throws {
        let store = try store(entries: 3)
        let run = try store.succeed(["list", "--limit", "2"])
        #expect(!run.stdout.contains("shown"))
        #expect(run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.count == 2)
    }

    @Test func allListsEveryEntryBeyondTheDefaultTwenty() throws {
        let store = try store(entries: 22)
        #expect(try store.listedIDs([]).count == 20)
        #expect(try store.listedIDs(["--all"]).count == 22)
        #expect(try store.run(["list", "--all", "--limit", "3"]).status == 64)
    }
}
