import Foundation
import TestSupport
import Testing

/// Files another account may not read are "permission denied" (exit 77), never "no such file".
/// Run as `nobody` through `runuser`, since root ignores file modes.
@Suite(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")))
struct PermissionTests {
    /// Runs the built `diary` as `nobody` on a store `nobody` may write.
    func runAsNobody(_ arguments: [String], store: URL) throws -> ProcessRun {
        try runDiary(
            ["-u", "nobody", "--", try diaryBinary().path, "--store", store.path] + arguments,
            store: .inherited, executable: URL(fileURLWithPath: "/usr/sbin/runuser"))
    }

    @Test func aHomeFolderThatIsNotThereIsNamedWithWhereElseTheDiaryCanGo() throws {
        // A system account's HOME, or a stale one: nothing of the default path exists.
        let home = "/nonexistent-diary-home-\(UUID().uuidString)"
        let run = try runDiary(
            [
                "-u", "nobody", "--", "/usr/bin/env", "HOME=\(home)", try diaryBinary().path,
                "new", "--text", "x"
            ],
            store: .inherited, executable: URL(fileURLWithPath: "/usr/sbin/runuser"))
        #expect(run.status == 74, "\(run)")
        #expect(
            run.stderr == "diary: cannot create the diary's folder \(home)/.local/share/diary: \(home) does not exist; "
                + "set DIARY_HOME or give --store to put the diary in a folder that does\n", "\(run)")
    }

    @Test func aCameraRollFolderNobodyMayReadIsNamedAmongTheRefused() throws {
        let scratch = try TemporaryDirectory(prefix: "diary-permission")
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        let store = scratch.url.appendingPathComponent("store", isDirectory: true)
        try manager.createDirectory(
            at: store, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        let roll = scratch.url.appendingPathComponent("roll", isDirectory: true)
        let locked = roll.appendingPathComponent("locked", isDirectory: true)
        try manager.createDirectory(
            at: locked, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: roll.path)
        try manager.copyItem(atPath: Fixture.path("exif-tokyo.jpg"), toPath: roll.appendingPathComponent("a.jpg").path)
        try manager.copyItem(
            atPath: Fixture.path("exif-new-york.jpg"), toPath: locked.appendingPathComponent("b.jpg").path)
        for path in [roll.appendingPathComponent("a.jpg").path, locked.appendingPathComponent("b.jpg").path] {
            try manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
        let run = try runAsNobody(["import", "--from", "photos", roll.path], store: store)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains(", 1 folder that could not be read"), "\(run)")
        #expect(
            run.stderr.contains(
                "diary: refused: \(locked.path): a folder this user may not read; "
                    + "its photos were not looked at\n"), "\(run)")
    }

    @Test func filesNobodyMayReadAreRefusedAsPermissionDenied() throws {
        let scratch = try TemporaryDirectory(prefix: "diary-permission")
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        let store = scratch.url.appendingPathComponent("store", isDirectory: true)
        try manager.createDirectory(
            at: store, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        let locked = scratch.url.appendingPathComponent("locked", isDirectory: true)
        try manager.createDirectory(
            at: locked, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let hiddenPhoto = locked.appendingPathComponent("photo.jpg")
        try manager.copyItem(atPath: Fixture.path("jpeg-baseline.jpg"), toPath: hiddenPhoto.path)
        let hiddenJournal = locked.appendingPathComponent("journal.txt")
        try Data("[2026-11-29 09:00] Hello\n".utf8).write(to: hiddenJournal)
        let closedPhoto = scratch.url.appendingPathComponent("closed.jpg")
        try manager.copyItem(atPath: Fixture.path("jpeg-baseline.jpg"), toPath: closedPhoto.path)
        try manager.setAttributes([.posixPermissions: 0o000], ofItemAtPath: closedPhoto.path)

        let created = try runAsNobody(["new", "--text", "First"], store: store)
        #expect(created.status == 0, "\(created)")
        for (arguments, path) in [
            (["new", "--text", "x", "--image", hiddenPhoto.path], hiddenPhoto.path),
            (["new", "--text", "x", "--media", closedPhoto.path], closedPhoto.path),
            (["import", "--from", "jrnl", hiddenJournal.path], hiddenJournal.path)
        ] {
            let run = try runAsNobody(arguments, store: store)
            #expect(run.status == 77, "\(arguments): \(run)")
            #expect(run.stderr == "diary: \(path): permission denied\n", "\(arguments): \(run)")
        }
        let listed = try runAsNobody(["list", "--json"], store: store)
        #expect(listed.stdout.components(separatedBy: "\"id\"").count == 2, "one entry only: \(listed)")
    }
}
