import Foundation
import TestSupport
import Testing

@testable import DiaryCLI

/// Text typed in the editor (or piped in) is saved, or kept on disk with its path printed:
/// never lost when another `diary` changes the entry meanwhile or holds the store.
@Suite struct EnteredTextKeptTests {
    /// An editor (a shell script) that first runs `diary <otherCommand>` on the same store, as
    /// another process would while the user types, then saves `typed`.
    func editorScript(in store: TestStore, running otherCommand: String, typing typed: String) throws -> String {
        let binary = try diaryBinary().path
        let script = try makeScript(
            in: store.scratch,
            """
            '\(binary)' \(otherCommand) > /dev/null 2>&1 || exit 9
            '\(binary)' show 1 --json > '\(store.scratch.path)/after-other.json' 2>/dev/null
            printf '%s\\n' '\(typed)' > "$1"
            """)
        return "/bin/sh \(script.path)"
    }

    @Test func theEditorsFileIsInTheSessionsRuntimeFolderAndTextLeftByAKilledDiaryIsReportedNextTime() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "First draft"])
        let runtime = store.scratch.appendingPathComponent("runtime", isDirectory: true)
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        // An editor that saves, then kills the diary that started it, as a crash or a closed
        // terminal would, before the text is saved.
        let editor = try makeScript(
            in: store.scratch,
            """
            printf '%s\\n' "$1" > '\(store.scratch.path)/editor-path'
            printf 'typed before the kill\\n' > "$1"
            kill -9 $PPID
            """)
        let environment = ["EDITOR": "/bin/sh \(editor.path)", "XDG_RUNTIME_DIR": runtime.path]
        _ = try runDiaryInTerminal(["edit", "1"], store: store.url, environment: environment)
        let editorPath = try String(contentsOf: store.scratch.appendingPathComponent("editor-path"), encoding: .utf8)
        #expect(editorPath.hasPrefix(runtime.path + "/diary/diary-edit-"), "\(editorPath)")
        let next = try store.run(["list"], environment: environment)
        #expect(next.status == 0, "\(next)")
        let prefix = "diary: note: text typed in an editor while a diary process was stopped is kept in "
        let line = try #require(next.stderr.split(separator: "\n").first { $0.hasPrefix(prefix) }, "\(next)")
        let kept = String(line.dropFirst(prefix.count))
        #expect(kept.hasPrefix(runtime.path + "/diary/diary-kept-"))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "typed before the kill\n")
        // Said once: the next command finds nothing more.
        #expect(try store.run(["list"], environment: environment).stderr.isEmpty)
        #expect(try store.json(["show", "1"]).self is [String: Any])
    }

    @Test func aStarSetElsewhereWhileTheEditorIsOpenIsMergedWithTheText() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "First draft", "--tag", "a"])
        let editor = try editorScript(in: store, running: "edit 1 --star --tag b", typing: "Typed meanwhile")
        let run = try runDiaryInTerminal(["edit", "1"], store: store.url, environment: ["EDITOR": editor])
        #expect(run.status == 0, "\(run)")
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(entry["text"] as? String == "Typed meanwhile")
        #expect(entry["starred"] as? Bool == true)
        #expect(entry["tags"] as? [String] == ["a", "b"])
    }

    @Test func textChangedElsewhereIsAConflictNamingTheTextAndTheTypedTextIsKept() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "First draft"])
        let editor = try editorScript(in: store, running: "edit 1 --text Elsewhere", typing: "Typed meanwhile")
        let run = try runDiaryInTerminal(["edit", "1"], store: store.url, environment: ["EDITOR": editor])
        #expect(run.status == 75, "\(run)")
        #expect(run.stdout.contains("changed entry #1 meanwhile (its text was changed there too)"), "\(run)")
        let kept = try #require(keptPath(in: run.stdout), "\(run)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "Typed meanwhile\n")
        // The entry is as the other process left it.
        let afterOther = try Data(contentsOf: store.scratch.appendingPathComponent("after-other.json"))
        #expect(try store.succeed(["show", "1", "--json"]).stdout == String(decoding: afterOther, as: UTF8.self))
        try? FileManager.default.removeItem(atPath: (kept as NSString).deletingLastPathComponent)
    }

    @Test func anEntryMovedToTheTrashElsewhereKeepsTheTypedText() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "First draft"])
        try store.succeed(["new", "--text", "Second"])
        let editor = try editorScript(in: store, running: "delete 1 --yes", typing: "Typed meanwhile")
        let run = try runDiaryInTerminal(["edit", "1"], store: store.url, environment: ["EDITOR": editor])
        #expect(run.status == 66, "\(run)")
        #expect(run.stdout.contains("entry #1 is in the trash"), "\(run)")
        let kept = try #require(keptPath(in: run.stdout), "\(run)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "Typed meanwhile\n")
        #expect(try store.listedIDs([]) == [2])
        try? FileManager.default.removeItem(atPath: (kept as NSString).deletingLastPathComponent)
    }

    @Test func textThatIsNotUTF8IsKeptWithItsPathPrinted() throws {
        let store = try TestStore()
        let script = try makeScript(in: store.scratch, #"printf 'caf\351 au lait\n' > "$1""#)
        let run = try runDiaryInTerminal(["new"], store: store.url, environment: ["EDITOR": "/bin/sh \(script.path)"])
        #expect(run.status == 65, "\(run)")
        #expect(
            run.stdout.contains("diary: the text saved in the editor is not valid UTF-8; your text is kept in "),
            "\(run)")
        let kept = try #require(keptPath(in: run.stdout), "\(run)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: kept))
                == Data([0x63, 0x61, 0x66, 0xE9] + Array(" au lait\n".utf8)))
        try? FileManager.default.removeItem(atPath: (kept as NSString).deletingLastPathComponent)
    }

    @Test func aSavedEditLeavesNoTemporaryFileBehind() throws {
        let store = try TestStore()
        let temporary = store.scratch.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let script = try makeScript(in: store.scratch, #"printf 'Written\n' > "$1""#)
        let run = try runDiaryInTerminal(
            ["new"], store: store.url,
            environment: ["EDITOR": "/bin/sh \(script.path)", "TMPDIR": temporary.path])
        #expect(run.status == 0, "\(run)")
        // At most diary's own private folder (0700), empty: no file of the text is left.
        let left = try FileManager.default.subpathsOfDirectory(atPath: temporary.path)
        #expect(left == [] || left == ["diary-\(getuid())"], "\(left)")
    }

    /// Shell lines that start `sqlite3` holding the store's write lock for 12 s (longer than
    /// diary's 10 s busy timeout) in the background and wait until it holds it: another
    /// process that starts writing while the user types.
    func lockingLines(for store: TestStore) -> String {
        let held = store.scratch.appendingPathComponent("held-\(UUID().uuidString)").path
        let database = store.url.appendingPathComponent("Diary.sqlite").path
        return """
            { echo 'BEGIN IMMEDIATE;'; echo ".output '\(held)'"; echo 'SELECT 1;'; sleep 12; echo 'ROLLBACK;'; } \
              | sqlite3 '\(database)' > /dev/null 2>&1 &
            while [ ! -s '\(held)' ]; do sleep 0.05; done
            """
    }

    @Test func aBusyStoreIsAnnouncedOnATerminalAndTheTypedTextIsKept() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "First"])
        let script = try makeScript(
            in: store.scratch, lockingLines(for: store) + "\nprintf 'Written while busy\\n' > \"$1\"")
        let run = try runDiaryInTerminal(["new"], store: store.url, environment: ["EDITOR": "/bin/sh \(script.path)"])
        #expect(run.status == 75, "\(run)")
        #expect(run.stdout.contains("Waiting for another diary process to finish writing (up to 10 s)"), "\(run)")
        let kept = try #require(keptPath(in: run.stdout), "\(run)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "Written while busy\n")
        sleep(3)  // the lock is gone
        #expect(try store.listedIDs([]) == [1])
        try? FileManager.default.removeItem(atPath: (kept as NSString).deletingLastPathComponent)
    }
}
