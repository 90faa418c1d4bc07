import Foundation
import TestSupport
import Testing

/// `diary encrypt`, `decrypt`, `passphrase`, `unlock`, `lock`, `init --encrypt` on the built
/// binary, with passphrases from DIARY_PASSPHRASE_COMMAND (and a pseudo-terminal for the prompt).
@Suite struct EncryptedStoreCommandTests {
    static let text = "Lighthouse zqxj at dusk"
    static let tag = "zqxjsecrettag"

    static func passphrase(_ value: String) -> [String: String] {
        ["DIARY_PASSPHRASE_COMMAND": "printf '%s\\n' '\(value)'"]
    }

    /// A store with an entry holding text, a tag, a photo and a recording.
    static func populatedStore() throws -> TestStore {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", text, "--tag", tag, "--image", Fixture.path("jpeg-baseline.jpg"),
            "--audio", Fixture.path("audio-tone.wav")
        ])
        try store.succeed(["new", "--text", "second \(text)", "--tag", "other"])
        return store
    }

    /// The SHA-256 hex of `data` (through sha256sum).
    static func sha256(_ data: Data) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard (try? process.run()) != nil else { return "" }
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }

    /// The byte strings no file or name of an encrypted store may contain.
    static func secrets() throws -> [(String, Data)] {
        let photo = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("jpeg-baseline.jpg")))
        let recording = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("audio-tone.wav")))
        return [
            ("text", Data("Lighthouse zqxj".utf8)), ("tag", Data(tag.utf8)),
            ("photo", photo.subdata(in: photo.count / 2..<photo.count / 2 + 48)),
            ("recording", recording.subdata(in: recording.count / 2..<recording.count / 2 + 48)),
            ("photo hash", Data(sha256(photo).utf8)), ("recording hash", Data(sha256(recording).utf8)),
            ("photo hash prefix", Data(String(sha256(photo).prefix(12)).utf8))
        ]
    }

    @Test func encryptUsePassphraseChangeDecryptRoundTrips() throws {
        let store = try Self.populatedStore()
        let before = try store.succeed(["list", "--json"]).stdout
        let pass = Self.passphrase("first pass")
        try store.succeed(["encrypt"], environment: pass)
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathComponent("Diary.key").path))
        #expect(try store.succeed(["list", "--json"], environment: pass).stdout == before)

        // Use it: new, list, search, show, export.
        try store.succeed(
            ["new", "--text", "written encrypted", "--image", Fixture.path("png-rgb-8.png")], environment: pass)
        let listed = try store.succeed(["list", "--json"], environment: pass).stdout
        #expect(listed.contains("written encrypted"))
        #expect(try store.succeed(["search", "Lighthouse"], environment: pass).stdout.contains("Lighthouse"))
        let shown = try store.succeed(["show", "1", "--json"], environment: pass).stdout
        let photo = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("jpeg-baseline.jpg")))
        #expect(shown.contains(Self.sha256(photo)))
        let out = store.scratch.appendingPathComponent("out")
        try store.succeed(["export", "1", "--output", out.path], environment: pass)
        let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
        let exported = try Data(
            contentsOf: out.appendingPathComponent(bundle).appendingPathComponent("media/jpeg-baseline.jpg"))
        #expect(exported == photo)

        // Nothing readable in any file or name of the encrypted store.
        for (path, contents) in try store.snapshot().files {
            for (what, secret) in try Self.secrets() {
                #expect(contents.range(of: secret) == nil, "\(what) found in \(path)")
                #expect(!path.contains(String(decoding: secret, as: UTF8.self)), "\(what) names \(path)")
            }
        }
        #expect(try store.succeed(["check"], environment: pass).stdout.contains("OK"))

        // A new passphrase: the old one no longer opens it.
        try store.succeed(
            ["passphrase"], environment: pass.merging(["DIARY_NEW_PASSPHRASE_COMMAND": "echo second"]) { $1 })
        let old = try store.run(["list"], environment: pass)
        #expect(old.status == 77, "\(old)")
        let second = Self.passphrase("second")
        #expect(try store.succeed(["list", "--json"], environment: second).stdout == listed)

        try store.succeed(["decrypt"], environment: second)
        #expect(!FileManager.default.fileExists(atPath: store.url.appendingPathComponent("Diary.key").path))
        #expect(try store.succeed(["list", "--json"]).stdout == listed)
        #expect(try store.succeed(["check"]).stdout.contains("OK"))
        #expect(try store.blobFiles().contains { $0.hasSuffix(Self.sha256(photo)) })
        // No conversion folder is left beside the store.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: store.scratch.path).filter { $0.hasPrefix(".") } == [])
    }

    @Test func aWrongPassphraseExits77InOneLineAndChangesNothing() throws {
        let store = try Self.populatedStore()
        try store.succeed(["encrypt"], environment: Self.passphrase("right"))
        let snapshot = try store.snapshot()
        for arguments in [["list"], ["new", "--text", "lost?"], ["passphrase"], ["decrypt"], ["unlock"]] {
            let run = try store.run(
                arguments,
                environment: Self.passphrase("wrong")
                    .merging(["DIARY_NEW_PASSPHRASE_COMMAND": "echo x"]) { $1 })
            #expect(run.status == 77, "\(arguments): \(run)")
            #expect(run.stderr == "diary: wrong passphrase for \(store.url.standardizedFileURL.path)\n", "\(run)")
        }
        #expect(try store.snapshot() == snapshot)
    }

    @Test func withoutATerminalOrACommandItRefusesWith77() throws {
        let store = try Self.populatedStore()
        try store.succeed(["encrypt"], environment: Self.passphrase("right"))
        // setsid: a new session, without a controlling terminal.
        let run = try runDiary(
            ["-w", try diaryBinary().path, "list"], environment: ["TZ": "Europe/Berlin"], store: .at(store.url),
            executable: URL(fileURLWithPath: "/usr/bin/setsid"))
        #expect(run.status == 77, "\(run)")
        #expect(run.stderr.contains("set DIARY_PASSPHRASE_COMMAND"), "\(run)")
    }

    @Test func aFailingPassphraseCommandExits77() throws {
        let store = try Self.populatedStore()
        try store.succeed(["encrypt"], environment: Self.passphrase("right"))
        let run = try store.run(["list"], environment: ["DIARY_PASSPHRASE_COMMAND": "exit 3"])
        #expect(run.status == 77, "\(run)")
        #expect(run.stderr.contains("exited with status 3"), "\(run)")
        let encryptAgain = try store.run(["encrypt"], environment: Self.passphrase("right"))
        #expect(encryptAgain.status == 64, "\(encryptAgain)")
    }

    static var keyringWorks: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "keyctl show @s >/dev/null 2>&1"]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test(.enabled(if: keyringWorks, "the kernel keyring is unavailable in this sandbox (keyctl show @s fails)"))
    func unlockKeepsTheKeySoLaterCommandsDoNotAskAndLockDropsIt() throws {
        let store = try Self.populatedStore()
        let pass = Self.passphrase("right")
        try store.succeed(["encrypt"], environment: pass)
        let refuses = ["DIARY_PASSPHRASE_COMMAND": "exit 9"]
        #expect(try store.run(["list"], environment: refuses).status == 77)
        try store.succeed(["unlock", "--for", "2m"], environment: pass)
        defer { _ = try? store.run(["lock"]) }
        #expect(try store.succeed(["list"], environment: refuses).stdout.contains("Lighthouse"))
        try store.succeed(["new", "--text", "while unlocked"], environment: refuses)
        try store.succeed(["lock"])
        #expect(try store.run(["list"], environment: refuses).status == 77)
        let bad = try store.run(["unlock", "--for", "3d"], environment: pass)
        #expect(bad.status == 64, "\(bad)")
    }

    @Test func initEncryptAsksTwiceOnATerminalWithoutEcho() throws {
        let folder = try TemporaryDirectory(prefix: "diary-encrypted-init")
        let store = folder.url.appendingPathComponent("store")
        let secret = "zebra-quartz-77"
        let command = ([try diaryBinary().path, "init", "--encrypt"]).joined(separator: " ")
        let typing = "(sleep 1; printf '\(secret)\\n'; sleep 0.5; printf '\(secret)\\n'; sleep 1)"
        let run = try runDiary(
            ["-c", "\(typing) | script -qec '\(command)' /dev/null"],
            environment: ["TERM": "xterm"], store: .at(store), timeout: 60,
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("New passphrase for"), "\(run)")
        #expect(run.stdout.contains("Type the new passphrase again"), "\(run)")
        #expect(!run.stdout.contains(secret), "the passphrase was echoed: \(run)")
        #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent("Diary.key").path))
        let listed = try runDiary(["new", "--text", "first"], environment: Self.passphrase(secret), store: .at(store))
        #expect(listed.status == 0, "\(listed)")
        // The terminal's echo is back after the prompt.
        #expect(
            try runDiary(
                ["-c", "script -qec 'stty -a' /dev/null"], store: .at(store),
                executable: URL(fileURLWithPath: "/bin/sh")
            ).stdout.contains(" echo "))
    }

    @Test func diaryEncryptMakesTheFirstCommandsNewStoreEncrypted() throws {
        let store = try TestStore()
        let pass = Self.passphrase("env pass")
        try store.succeed(
            ["new", "--text", Self.text, "--tag", Self.tag], environment: pass.merging(["DIARY_ENCRYPT": "1"]) { $1 })
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathComponent("Diary.key").path))
        #expect(try store.run(["list"], environment: Self.passphrase("other")).status == 77)
        #expect(try store.succeed(["list"], environment: pass).stdout.contains("Lighthouse"))
        for (path, contents) in try store.snapshot().files {
            #expect(contents.range(of: Data(Self.tag.utf8)) == nil, "the tag is in \(path)")
        }
    }

    @Test func aStoreHeldByAnotherProcessRefusesToConvert() throws {
        let store = try Self.populatedStore()
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = [
            "-c",
            "printf 'SELECT count(*) FROM sqlite_master;\\n.shell sleep 3\\n' | sqlite3 '\(store.url.path)/Diary.sqlite' >/dev/null"
        ]
        try holder.run()
        defer { holder.waitUntilExit() }
        Thread.sleep(forTimeInterval: 0.8)
        let snapshot = try store.snapshot()
        let run = try store.run(["encrypt"], environment: Self.passphrase("pw"))
        #expect(run.status == 75, "\(run)")
        #expect(try store.snapshot() == snapshot)
    }

    @Test func unlockOnAPlainDiarySaysItIsPlainWithoutAskingForAPassphrase() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x"])
        let marking = ["DIARY_PASSPHRASE_COMMAND": "touch '\(store.scratch.path)/ASKED'; printf 'p\\n'"]
        for run in [
            try store.run(["unlock"], environment: marking),
            try runDiaryInTerminal(["unlock"], store: store.url, environment: [:])
        ] {
            #expect(run.status == 64, "\(run)")
            #expect(
                (run.stderr + run.stdout).contains(
                    "the diary at \(store.url.path) is not encrypted ('diary encrypt' encrypts it)"),
                "\(run)")
            #expect(!(run.stderr + run.stdout).contains("Passphrase"), "\(run)")
        }
        #expect(!FileManager.default.fileExists(atPath: store.scratch.appendingPathComponent("ASKED").path))
    }

    @Test func checkNamesAPlaintextBackupOfAnEncryptedDiaryAndRepairRemovesIt() throws {
        // What an older version left when it migrated an encrypted diary: the database in the clear.
        let plain = try TestStore()
        try plain.succeed(["new", "--text", "a private word"])
        let store = try TestStore()
        try store.succeed(["new", "--text", "x"])
        let pass = Self.passphrase("backup pass")
        try store.succeed(["encrypt"], environment: pass)
        let backup = store.url.appendingPathComponent("Diary.sqlite.backup-0123456789ab")
        try FileManager.default.copyItem(at: plain.url.appendingPathComponent("Diary.sqlite"), to: backup)
        let found = try store.run(["check"], environment: pass)
        #expect(found.status == 65, "\(found)")
        #expect(found.stdout.contains("Plaintext copies of this encrypted diary: 1"), "\(found)")
        let repaired = try store.run(["check", "--repair"], environment: pass)
        #expect(repaired.status == 0, "\(repaired)")
        #expect(!FileManager.default.fileExists(atPath: backup.path))
        #expect(try store.succeed(["check"], environment: pass).stdout.hasSuffix("OK\n"))
    }

    @Test func encryptAndDecryptTakeAMigrationBackupAsTheStoresOwnAndDropIt() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x"])
        let backup = store.url.appendingPathComponent("Diary.sqlite.backup-0123456789ab")
        try FileManager.default.copyItem(at: store.url.appendingPathComponent("Diary.sqlite"), to: backup)
        let pass = Self.passphrase("backup pass")
        try store.succeed(["encrypt"], environment: pass)
        #expect(!FileManager.default.fileExists(atPath: backup.path), "a plaintext copy outlived encrypt")
        #expect(try store.succeed(["list", "--json"], environment: pass).stdout.contains("\"text\": \"x\""))
    }

    @Test func aProcessThatReadsAPassphraseLeavesNoCoreDump() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x"])
        try store.succeed(["encrypt"], environment: Self.passphrase("dump pass"))
        _ = try store.run(["lock"])
        // The passphrase command runs as diary's child: it records diary's limits as they are
        // while the passphrase is being read.
        let limits = store.scratch.appendingPathComponent("limits")
        let recording = [
            "DIARY_PASSPHRASE_COMMAND": "cat /proc/$PPID/limits > '\(limits.path)'; printf '%s\\n' 'dump pass'"
        ]
        // Started with core dumps allowed as far as the hard limit lets (`ulimit -c unlimited` in a
        // user's shell), whatever this test process has.
        var environment = ProcessInfo.processInfo.environment.merging(recording) { _, new in new }
        environment["DIARY_HOME"] = store.url.path
        let run = try runProcess(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "ulimit -c \"$(ulimit -H -c)\" && exec \"$0\" list",
                try diaryBinary().path
            ], environment: environment)
        #expect(run.status == 0, "\(run)")
        let text = try String(contentsOf: limits, encoding: .utf8)
        let core = try #require(text.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
        // The soft limit (the one the kernel dumps by) is 0; the hard one is left for children.
        #expect(core.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).first == "0", "\(core)")
    }

    /// SIGKILL at 30 moments of `diary encrypt`: each time the store is the old one or the new
    /// one, whole, with a clean check and the same entries.
    @Test func aKilledEncryptLeavesTheOldOrTheNewStoreWhole() throws {
        let template = try Self.populatedStore()
        for index in 0..<4 {
            try template.succeed([
                "new", "--text", "more \(index)", "--image", Fixture.path("jpeg-baseline.jpg"),
                "--image", Fixture.path("png-rgb-8.png"), "--audio", Fixture.path("audio-tone.wav")
            ])
        }
        let expected = try template.succeed(["list", "--json"]).stdout
        let pass = Self.passphrase("kill pass")
        // How long a whole encrypt takes here, and how much of it is the key derivation.
        let timing = try TestStore()
        try copyStore(template.url, to: timing.url)
        let started = Date()
        try timing.succeed(["encrypt"], environment: pass)
        let whole = Date().timeIntervalSince(started)
        let derivingStart = Date()
        try timing.succeed(["tags"], environment: pass)
        let deriving = Date().timeIntervalSince(derivingStart)
        var outcomes: [String: Int] = [:]
        for attempt in 0..<30 {
            // A third spread over the whole run, most of the rest over the copy and switch after the
            // derivation, and the last two late enough (on a loaded machine a run takes longer than
            // the timed one) that the switch has surely happened.
            let delay =
                attempt < 10
                ? whole * Double(attempt) / 10
                : attempt >= 28
                    ? whole * Double(attempt - 25)
                    : max(0, deriving * 0.8) + max(0.02, whole - deriving * 0.8) * Double(attempt - 10) / 18
            let trial = try TestStore()
            try copyStore(template.url, to: trial.url)
            let process = try startDiary(["encrypt"], store: trial.url, environment: pass)
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let encrypted = FileManager.default.fileExists(atPath: trial.url.appendingPathComponent("Diary.key").path)
            outcomes[encrypted ? "encrypted" : "plain", default: 0] += 1
            let check = try trial.run(["check"], environment: pass)
            #expect(check.status == 0, "attempt \(attempt) after \(delay) s (encrypted: \(encrypted)): \(check)")
            #expect(try trial.succeed(["list", "--json"], environment: pass).stdout == expected, "attempt \(attempt)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: trial.scratch.path).filter {
                $0.hasPrefix(".")
            }
            #expect(leftovers.isEmpty, "attempt \(attempt) left \(leftovers)")
        }
        // Some kills landed before the switch and some after it.
        #expect(outcomes.count == 2, "\(outcomes)")
    }
}

/// Copies a store folder (modes kept).
func copyStore(_ source: URL, to destination: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/cp")
    process.arguments = ["-a", source.path, destination.path]
    try process.run()
    process.waitUntilExit()
}

/// Starts the built `diary` on `store` without waiting for it.
func startDiary(_ arguments: [String], store: URL, environment: [String: String]) throws -> Process {
    let process = Process()
    process.executableURL = try diaryBinary()
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["DIARY_HOME"] = store.path
    variables.merge(environment) { $1 }
    process.environment = variables
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}
