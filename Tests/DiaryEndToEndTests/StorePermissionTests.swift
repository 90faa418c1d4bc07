import Foundation
import TestSupport
import Testing

/// A diary is closed by default: the store's folders (and the ones made above it) are 0700,
/// its files 0600 and its media 0400 whatever the umask; the editor's file is 0600 in a 0700
/// folder; exports keep the user's umask; a store open to others is made private on its next
/// write, with one line on stderr.
@Suite struct StorePermissionTests {
    /// The permission bits of `path` (not following a link).
    static func mode(_ path: String) throws -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return Int(info.st_mode & 0o7777)
    }

    /// Every path under `root` (not `root` itself), deepest last.
    static func tree(_ root: URL) -> [String] {
        (FileManager.default.subpaths(atPath: root.path) ?? []).map { root.path + "/" + $0 }.sorted()
    }

    /// Runs the built `diary` under `umask` (a shell sets it, then execs the binary).
    static func run(
        umask: String, _ arguments: [String], store: StoreChoice,
        environment: [String: String] = [:]
    ) throws -> ProcessRun {
        try runDiary(
            ["-c", "umask \(umask) && exec \"$0\" \"$@\"", try diaryBinary().path] + arguments,
            environment: ["TZ": "Europe/Berlin"].merging(environment) { _, new in new },
            store: store, executable: shell)
    }

    /// Whether `path` is a folder.
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Expects every folder under `root` (and `root`) to be 0700, every blob 0400 and every
    /// other file 0600.
    static func expectPrivate(_ root: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try mode(root.path) == 0o700, "\(root.path)", sourceLocation: sourceLocation)
        for path in tree(root) {
            let expected =
                isFolder(path) ? 0o700 : path.contains("/Diary.blobs/") && !path.contains("/.staging/") ? 0o400 : 0o600
            let actual = try mode(path)
            #expect(actual == expected, "\(path): \(String(actual, radix: 8))", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["000", "022"])
    func aNewStoreAndTheFoldersAboveItAreTheOwnersAloneWhateverTheUmask(umask: String) throws {
        let home = try TemporaryDirectory(prefix: "diary-home")
        let environment = ["HOME": home.url.path]
        let created = try Self.run(
            umask: umask,
            [
                "new", "--text", "Private", "--image", Fixture.path("jpeg-baseline.jpg"),
                "--audio", Fixture.path("audio-tone.wav")
            ],
            store: .inherited, environment: environment)
        #expect(created.status == 0, "\(created)")
        let local = home.url.appendingPathComponent(".local")
        for folder in [local, local.appendingPathComponent("share")] {
            #expect(try Self.mode(folder.path) == 0o700, "\(folder.path)")
        }
        let store = local.appendingPathComponent("share/diary")
        #expect(Self.tree(store).contains(store.path + "/Diary.sqlite"))
        #expect(Self.tree(store).filter { $0.contains("/Diary.blobs/") && !Self.isFolder($0) }.count == 2)
        try Self.expectPrivate(store)
    }

    @Test(arguments: ["000", "022"])
    func theDatabaseJournalsAndTheEditorsFileArePrivateWhileInUse(umask: String) throws {
        let store = try TestStore()
        #expect(try Self.run(umask: umask, ["new", "--text", "First"], store: .at(store.url)).status == 0)
        // The editor runs while `diary edit` holds the store open: it records what it sees.
        let seen = store.scratch.appendingPathComponent("seen")
        let editor = try makeScript(
            in: store.scratch,
            """
            stat -c '%a %n' "$DIARY_HOME"/Diary.sqlite* "$1" "$(dirname "$1")" > '\(seen.path)'
            echo "Second" >> "$1"
            """)
        let quoted = [try diaryBinary().path, "edit", "1"].map { "'\($0)'" }.joined(separator: " ")
        let edited = try runDiary(
            ["-qec", "umask \(umask) && exec \(quoted)", "/dev/null"],
            environment: ["TZ": "Europe/Berlin", "TERM": "xterm", "EDITOR": "/bin/sh \(editor.path)"],
            store: .at(store.url), executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(edited.status == 0, "\(edited)")
        let lines = try String(contentsOf: seen, encoding: .utf8).split(separator: "\n").map(String.init)
        let modes = Dictionary(
            lines.map { line in
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                return (URL(fileURLWithPath: parts[1]).lastPathComponent, parts[0])
            }
        ) { first, _ in first }
        #expect(modes["Diary.sqlite"] == "600", "\(lines)")
        #expect(modes["Diary.sqlite-wal"] == "600", "\(lines)")
        #expect(modes["Diary.sqlite-shm"] == "600", "\(lines)")
        #expect(modes["diary-entry.md"] == "600", "\(lines)")
        #expect(modes.first { $0.key.hasPrefix("diary-edit-") }?.value == "700", "\(lines)")
        try Self.expectPrivate(store.url)
    }

    @Test func exportsKeepTheUsersUmask() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Shared", "--image", Fixture.path("jpeg-baseline.jpg")])
        for (umask, folderMode, fileMode) in [("022", 0o755, 0o644), ("077", 0o700, 0o600)] {
            let output = store.scratch.appendingPathComponent("out-\(umask)")
            for format in [[], ["--zip"]] {
                let run = try Self.run(
                    umask: umask, ["export", "1", "--output", output.path] + format, store: .at(store.url))
                #expect(run.status == 0, "\(run)")
            }
            for path in Self.tree(output) {
                let actual = try Self.mode(path)
                #expect(
                    actual == (Self.isFolder(path) ? folderMode : fileMode),
                    "umask \(umask): \(path): \(String(actual, radix: 8))")
            }
        }
    }

    @Test func aStoreOpenToOthersIsMadePrivateOnItsNextWriteAndSaysSo() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Old", "--image", Fixture.path("jpeg-baseline.jpg")])
        // As an earlier version left it: folders 0755, files 0644, blobs 0444.
        for path in [store.url.path] + Self.tree(store.url) {
            let loose = Self.isFolder(path) ? 0o755 : path.contains("/Diary.blobs/") ? 0o444 : 0o644
            #expect(chmod(path, mode_t(loose)) == 0)
        }
        // Something of the user's beside the store: not the store's to change.
        let notes = store.url.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: notes)
        #expect(chmod(notes.path, 0o644) == 0)
        let before = try store.snapshot()
        let read = try store.succeed(["list"])
        #expect(read.stderr == "")
        #expect(try Self.mode(store.url.path) == 0o755, "a reading command changes nothing")
        #expect(try store.snapshot() == before)

        let written = try store.succeed(["new", "--text", "New"])
        #expect(
            written.stderr.hasPrefix(
                "diary: the store at \(store.url.path) was open to other accounts; made it private"),
            "\(written)")
        #expect(written.stderr.split(separator: "\n").count == 1)
        #expect(try Self.mode(notes.path) == 0o644)
        try FileManager.default.removeItem(at: notes)
        try Self.expectPrivate(store.url)
        #expect(try store.succeed(["new", "--text", "Again"]).stderr == "")
    }

    @Test func anotherAccountCannotReadAnyStoreFile() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { return }
        let store = try TestStore()
        try store.succeed(["new", "--text", "Secret", "--image", Fixture.path("jpeg-baseline.jpg")])
        // The folder above the store is world-searchable, so only the store's own modes stop `nobody`.
        #expect(chmod(store.scratch.path, 0o755) == 0)
        let files = Self.tree(store.url).filter { !Self.isFolder($0) }
        #expect(files.count >= 2)
        for path in files + [store.url.path] {
            let run = try runProcess(
                URL(fileURLWithPath: "/usr/sbin/runuser"),
                ["-u", "nobody", "--", Self.isFolder(path) ? "ls" : "cat", path])
            #expect(run.status != 0, "nobody could read \(path)")
        }
    }
}
