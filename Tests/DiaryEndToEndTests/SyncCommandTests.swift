import Foundation
import TestSupport
import Testing

/// `diary sync` on the built binary: three stores on one machine syncing through a folder and
/// through an rclone `local:` remote, passphrases from DIARY_PASSPHRASE_COMMAND.
@Suite struct SyncCommandTests {
    static let secret = ["DIARY_PASSPHRASE_COMMAND": "printf '%s\\n' 'sync sesame'"]
    static let text = "Quokka zqxv at the harbour"
    static let tag = "zqxvtag"

    let remote: TemporaryDirectory
    init() throws { remote = try TemporaryDirectory(prefix: "diary-sync-remote") }

    /// `list --json --all` (or another JSON listing, `arguments`) without the per-store entry numbers
    /// (`id`), which each store gives in its own order.
    static func entries(_ store: TestStore, _ arguments: [String] = ["list", "--json", "--all"]) throws -> String {
        let result = try store.succeed(arguments)
        return result.stdout.split(separator: "\n").filter {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("\"id\":")
        }
        .joined(separator: "\n")
    }

    func sync(_ store: TestStore, _ arguments: [String] = []) throws -> ProcessRun {
        try store.succeed(["sync"] + arguments, environment: Self.secret)
    }

    func threeStores(address: String) throws -> (TestStore, TestStore, TestStore) {
        let laptop = try TestStore(), desktop = try TestStore(), phone = try TestStore()
        try laptop.succeed([
            "new", "--text", Self.text, "--tag", Self.tag, "--image", Fixture.path("jpeg-baseline.jpg"),
            "--audio", Fixture.path("audio-tone.wav")
        ])
        try laptop.succeed(["new", "--text", "second entry", "--tag", "Travel"])
        try sync(laptop, ["init", address])
        try desktop.succeed(["new", "--text", "written on the desktop before joining", "--tag", "travel"])
        try sync(desktop, ["join", address])
        try sync(phone, ["join", address])
        return (laptop, desktop, phone)
    }

    @Test func threeStoresThroughAFolderHoldTheSameEntriesAndTheRemoteNothingReadable() throws {
        let (laptop, desktop, phone) = try threeStores(address: remote.url.path)
        let first = try sync(laptop)
        #expect(first.stdout.hasPrefix("sent 6 changes and 2 media ("), "\(first)")  // 2 entries, 2 media, 2 tags
        #expect(try sync(desktop).stdout.contains("received 6 changes from"))
        try sync(phone)
        try sync(laptop)
        try sync(phone)
        let expected = try Self.entries(laptop)
        #expect(expected.contains(Self.text) && expected.contains("written on the desktop"))
        #expect(try Self.entries(desktop) == expected)
        #expect(try Self.entries(phone) == expected)
        // "Travel" and "travel" were made on two devices: one tag.
        #expect(try phone.succeed(["tags"]).stdout.components(separatedBy: "ravel").count == 2)
        // An unchanged diary sends and receives nothing.
        #expect(try sync(phone).stdout == "sent 0 changes; received nothing\n")

        let hashes = try #require(try laptop.json(["show", "1"]) as? [String: Any])["media"] as? [[String: Any]]
        var secrets = [Self.text, Self.tag, "Quokka", "jpeg-baseline", "audio-tone", "harbour"]
        secrets += (hashes ?? []).compactMap { $0["sha256"] as? String }
        #expect(secrets.count == 8)
        for case let url as URL in FileManager.default.enumerator(at: remote.url, includingPropertiesForKeys: nil)! {
            let data = (try? Data(contentsOf: url)) ?? Data()
            for secret in secrets {
                #expect(
                    data.range(of: Data(secret.utf8)) == nil && !url.path.contains(secret), "\(secret) in \(url.path)")
            }
        }
    }

    @Test func aDeviceThatLeavesAndJoinsAgainShowsEveryPhotoOnceAndNoConflict() throws {
        let (laptop, desktop, phone) = try threeStores(address: remote.url.path)
        try sync(laptop)
        try sync(desktop)
        try sync(phone)
        try sync(laptop)
        try desktop.succeed(["sync", "leave"])
        try sync(desktop, ["join", remote.url.path])
        let again = try sync(desktop)
        #expect(!again.stderr.contains("conflicting"), "\(again)")
        for store in [laptop, phone, desktop, laptop] { try sync(store) }
        let expected = try Self.entries(laptop)
        #expect(!expected.contains("conflicting edit"))
        #expect(expected.components(separatedBy: "\"sha256\"").count == 3, "two media, each once: \(expected)")
        #expect(try Self.entries(desktop) == expected)
        #expect(try Self.entries(phone) == expected)
        #expect(try desktop.succeed(["check"]).stdout.contains("OK"))
    }

    @Test func anEntryEditedOnTwoDevicesKeepsBothTextsAndOneRemovedWhileEditedComesBack() throws {
        let (laptop, desktop, _) = try threeStores(address: remote.url.path)
        try sync(laptop)
        try sync(desktop)
        try sync(laptop)
        let uuid = { (store: TestStore, text: String) throws -> Int in
            let listed = try #require(try store.json(["list", "--all"]) as? [[String: Any]])
            return try #require(listed.first { ($0["text"] as? String)?.hasPrefix(text) == true }?["id"] as? Int)
        }
        try laptop.succeed(["edit", String(try uuid(laptop, "second")), "--text", "second, as the laptop has it"])
        try desktop.succeed(["edit", String(try uuid(desktop, "second")), "--text", "second, as the desktop has it"])
        let removed = try uuid(laptop, "written on the desktop")
        try laptop.succeed(["delete", String(removed), "--yes"])
        try laptop.succeed(["trash", "--empty", "--yes"])
        try desktop.succeed(["edit", String(try uuid(desktop, "written on the desktop")), "--star"])
        try sync(laptop)
        let merged = try sync(desktop)
        #expect(merged.stderr.contains("keep both texts") && merged.stderr.contains("came back"), "\(merged)")
        try sync(laptop)
        try sync(desktop)
        let expected = try Self.entries(laptop)
        #expect(try Self.entries(desktop) == expected)
        #expect(expected.contains("second, as the laptop has it") && expected.contains("second, as the desktop has it"))
        #expect(expected.contains("--- conflicting edit from "))
        let check = try desktop.succeed(["check"])
        #expect(check.stdout.contains("Sync conflicts: #") && check.stdout.contains("edit to keep one"), "\(check)")
        #expect(expected.contains("written on the desktop before joining"))
        #expect(try laptop.succeed(["trash"]).stdout == "The trash is empty.\n")
    }

    /// Two devices whose clocks are hours apart (libfaketime: the laptop 3 hours ahead, the
    /// desktop 2 behind), as real machines drift: an edit made on the desktop without seeing the
    /// laptop's deletion wins, whether the laptop put the entry in the trash or removed it for
    /// good, though every stamp of the laptop's is hours later.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/faketime")))
    func editsOnAClockHoursBehindOutliveDeletionsTheyRaced() throws {
        let laptop = try TestStore(), desktop = try TestStore()
        func run(_ store: TestStore, _ offset: String, _ arguments: [String]) throws -> ProcessRun {
            let faked = try runDiary(
                ["-f", offset, try diaryBinary().path] + arguments, environment: Self.secret, store: .at(store.url),
                executable: URL(fileURLWithPath: "/usr/bin/faketime"))
            #expect(faked.status == 0, "\(arguments): \(faked)")
            return faked
        }
        let ahead = { (arguments: [String]) in try run(laptop, "+3h", arguments) }
        let behind = { (arguments: [String]) in try run(desktop, "-2h", arguments) }
        try ahead(["new", "--text", "put in the trash"])
        try ahead(["new", "--text", "removed for good"])
        try ahead(["sync", "init", remote.url.path])
        try ahead(["sync"])
        try behind(["sync", "join", remote.url.path])
        try behind(["sync"])
        let number = { (store: TestStore, text: String) throws -> String in
            let listed = try #require(try store.json(["list", "--all"]) as? [[String: Any]])
            return String(try #require(listed.first { ($0["text"] as? String) == text }?["id"] as? Int))
        }
        let trashed = try number(laptop, "put in the trash"), purged = try number(laptop, "removed for good")
        let edited = try number(desktop, "put in the trash"), alsoEdited = try number(desktop, "removed for good")
        // Seen by both deletions: an edit stamped hours after anything the desktop's clock gives.
        for number in [trashed, purged] { try ahead(["edit", number, "--star"]) }
        try ahead(["sync"])
        try ahead(["delete", trashed, purged, "--yes"])
        try ahead(["trash", "--empty", "--yes"])
        try ahead(["new", "--text", "written after"])
        try ahead(["sync"])
        try behind(["edit", edited, "--text", "put in the trash, and edited behind"])
        try behind(["edit", alsoEdited, "--text", "removed for good, and edited behind"])
        try behind(["sync"])
        try ahead(["sync"])
        try behind(["sync"])
        let expected = try Self.entries(laptop)
        #expect(try Self.entries(desktop) == expected)
        for text in ["put in the trash, and edited behind", "removed for good, and edited behind", "written after"] {
            #expect(expected.contains("\"text\": \"\(text)\""), "\(text): \(expected)")
        }
        #expect(try laptop.succeed(["trash"]).stdout == "The trash is empty.\n")
    }

    /// `sync status`: what waits to be sent (saved since the last sync too), each other device's
    /// change sets applied and waiting, and what a device joining would replay.
    @Test func syncStatusSaysWhatWaitsAndWhatAJoiningDeviceReplays() throws {
        let laptop = try TestStore(), phone = try TestStore()
        try laptop.succeed(["new", "--text", "one", "--tag", "home"])
        try sync(laptop, ["init", remote.url.path])
        let unsent = try laptop.succeed(["sync", "status"]).stdout
        #expect(unsent.contains("; 2 changes waiting to be sent."), "an entry and its tag: \(unsent)")
        try sync(laptop)
        try sync(phone, ["join", remote.url.path])
        try sync(phone)
        try laptop.succeed(["new", "--text", "two"])
        try laptop.succeed(["sync"], environment: Self.secret.merging(["DIARY_SYNC_SNAPSHOT_EVERY": "1"]) { $1 })
        let status = try phone.succeed(["sync", "status"]).stdout.split(separator: "\n").map(String.init)
        #expect(status.first?.hasPrefix("Syncs with \(remote.url.path) as ") == true, "\(status)")
        #expect(status.first?.hasSuffix("; 0 changes waiting to be sent.") == true, "\(status)")
        #expect(status.contains { $0.contains(": 1 change set applied, 1 waiting (last heard from ") }, "\(status)")
        #expect(
            status.last == "The remote holds 2 change sets and 1 snapshot; the newest covers 2 of them, "
                + "so a device joining now replays 0.", "\(status)")
        try phone.succeed(["edit", "1", "--star"])
        #expect(try phone.succeed(["sync", "status"]).stdout.contains("; 1 change waiting to be sent."))
    }

    /// An entry put in the trash on one device while edited on another comes back out of the
    /// trash on both, each saying so; one put in the trash after the edit reached it stays there.
    @Test func anEntryPutInTheTrashWhileEditedElsewhereComesBackOutOfIt() throws {
        let laptop = try TestStore(), desktop = try TestStore()
        try laptop.succeed(["new", "--text", "raced", "--tag", "home"])
        try laptop.succeed(["new", "--text", "seen"])
        try sync(laptop, ["init", remote.url.path])
        try sync(laptop)
        try sync(desktop, ["join", remote.url.path])
        try sync(desktop)
        let number = { (store: TestStore, text: String) throws -> String in
            let listed = try #require(try store.json(["list", "--all"]) as? [[String: Any]])
            return String(try #require(listed.first { ($0["text"] as? String) == text }?["id"] as? Int))
        }
        try laptop.succeed(["delete", try number(laptop, "raced"), "--yes"])
        try desktop.succeed(["edit", try number(desktop, "raced"), "--text", "raced, and edited on the desktop"])
        try desktop.succeed(["edit", try number(desktop, "seen"), "--star"])
        let sent = try sync(desktop)
        #expect(sent.stderr.isEmpty, "\(sent)")
        // The laptop meets the edit it had not seen: the entry leaves its trash.
        let met = try sync(laptop)
        #expect(met.stderr.contains("1 entry removed on one device and edited on another came back"), "\(met)")
        // The desktop meets the trash its edit had not seen: the entry stays out of it.
        let back = try sync(desktop)
        #expect(back.stderr.contains("came back"), "\(back)")
        // Put in the trash after the edit reached the laptop: it stays there on both.
        try laptop.succeed(["delete", try number(laptop, "seen"), "--yes"])
        try sync(laptop)
        try sync(desktop)
        for store in [laptop, desktop] {
            let listed = try #require(try store.json(["list"]) as? [[String: Any]]).compactMap { $0["text"] as? String }
            #expect(listed == ["raced, and edited on the desktop"], "\(listed)")
            let trashed = try #require(try store.json(["trash", "--json"]) as? [[String: Any]])
            #expect(trashed.compactMap { $0["text"] as? String } == ["seen"])
        }
        #expect(try Self.entries(laptop) == Self.entries(desktop))
    }

    /// An entry's place (a Day One location) is mirrored like every other attribute of it.
    @Test func anImportedEntrysPlaceReachesTheOtherDevice() throws {
        let laptop = try TestStore(), phone = try TestStore()
        try sync(laptop, ["init", remote.url.path])
        try sync(phone, ["join", remote.url.path])
        try laptop.succeed(["import", "--from", "dayone", Fixture.path("interop/dayone")])
        try sync(laptop)
        try sync(phone)
        let listed = try #require(try phone.json(["list", "--all"]) as? [[String: Any]])
        let beach = try #require(listed.first { ($0["text"] as? String)?.hasPrefix("Beach day") == true })
        #expect(
            beach["place"] as? NSDictionary == [
                "name": "Warnemünde, Germany", "latitude": 54.1774, "longitude": 12.0837
            ])
    }

    @Test func aTamperedChangeSetIsRefusedAndAWrongPassphraseOpensNothing() throws {
        let laptop = try TestStore(), phone = try TestStore()
        try laptop.succeed(["new", "--text", Self.text])
        try sync(laptop, ["init", remote.url.path])
        try sync(laptop)
        let wrong = try phone.run(
            ["sync", "join", remote.url.path], environment: ["DIARY_PASSPHRASE_COMMAND": "echo nope"])
        #expect(wrong.status == 77 && wrong.stderr.contains("does not open"), "\(wrong)")
        let unsynced = try phone.run(["sync"])
        #expect(unsynced.status == 64 && unsynced.stderr.contains("sync init"), "\(unsynced)")
        try sync(phone, ["join", remote.url.path])
        let changeSet = try #require(
            FileManager.default.enumerator(atPath: remote.url.path)?
                .compactMap { $0 as? String }.first { $0.hasSuffix(".chg") })
        let url = remote.url.appending(path: changeSet)
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: url)
        let refused = try sync(phone)
        #expect(
            refused.stdout == "sent 0 changes; received nothing\n" && refused.stderr.contains("fails authentication"),
            "\(refused)")
        #expect(try phone.succeed(["list", "--all"]).stdout == "No entries.\n")
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: url)
        #expect(try sync(phone).stdout.contains("received 1 change from"))
        #expect(try phone.succeed(["list", "--all"]).stdout.contains(Self.text))
    }

    /// Three stores through `address`: after laptop, desktop, phone and laptop sync, all hold
    /// the same entries, and an unchanged sync moves nothing.
    func threeStoresConverge(through address: String) throws {
        let (laptop, desktop, phone) = try threeStores(address: address)
        for store in [laptop, desktop, phone, laptop] { try sync(store) }
        let expected = try Self.entries(laptop)
        #expect(try Self.entries(desktop) == expected)
        #expect(try Self.entries(phone) == expected)
        #expect(expected.contains(Self.text) && expected.contains("written on the desktop"))
        #expect(try sync(phone).stdout == "sent 0 changes; received nothing\n")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rclone")))
    func threeStoresThroughAnRcloneRemote() throws {
        // rclone's own local backend, named on the fly (`:local:`), so no rclone.conf is needed.
        try threeStoresConverge(through: "rclone::local:" + remote.url.path)
    }

    /// Starts `diary sync` on `store` and SIGKILLs it once `ready` holds (or it ends).
    static func killSync(_ store: TestStore, when ready: () -> Bool) throws {
        let process = Process()
        process.executableURL = try diaryBinary()
        process.arguments = ["sync"]
        var environment = ProcessInfo.processInfo.environment.merging(Self.secret) { $1 }
        environment["DIARY_HOME"] = store.url.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline, !ready() { usleep(2_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    @Test func syncsKilledWhileSendingAndWhileReceivingLoseNothing() throws {
        let laptop = try TestStore(), phone = try TestStore()
        let roll = laptop.scratch.appendingPathComponent("roll", isDirectory: true)
        try PhotoFolderImportInterruptionTests.roll(40, in: roll)
        try laptop.succeed(["import", "--from", "photos", roll.path])
        try sync(laptop, ["init", remote.url.path])
        let blobs = remote.url.appending(path: "blobs")
        try Self.killSync(laptop) {
            ((try? FileManager.default.contentsOfDirectory(atPath: blobs.path))?.count ?? 0) >= 5
        }
        // Killed while the photos went up: no change set names them yet.
        let devices = remote.url.appending(path: "devices")
        let sent = (FileManager.default.enumerator(atPath: devices.path)?.compactMap { $0 as? String } ?? []).filter {
            $0.hasSuffix(".chg")
        }
        #expect(sent.isEmpty, "the sync finished before it was killed")
        try sync(phone, ["join", remote.url.path])
        try sync(laptop)
        try Self.killSync(phone) { (Int((try? phone.sqlite("SELECT count(*) FROM DiaryEntry")) ?? "") ?? 0) >= 1 }
        try sync(phone)
        try sync(laptop)
        let expected = try Self.entries(laptop)
        #expect(try Self.entries(phone) == expected)
        #expect(try #require(try phone.json(["list", "--all"]) as? [[String: Any]]).count == 40)
        #expect(try phone.succeed(["check"]).status == 0)
    }

    @Test func twoDevicesSyncingAtTheSameMomentConverge() throws {
        let (laptop, desktop, _) = try threeStores(address: remote.url.path)
        try sync(laptop)
        try sync(desktop)
        for index in 0..<5 {
            try laptop.succeed(["new", "--text", "laptop \(index)", "--tag", "same"])
            try desktop.succeed(["new", "--text", "desktop \(index)", "--tag", "Same"])
        }
        // Both at once, to one remote.
        let runs = [laptop, desktop].map { store -> Process in
            let process = Process()
            process.executableURL = try? diaryBinary()
            process.arguments = ["sync"]
            var environment = ProcessInfo.processInfo.environment.merging(Self.secret) { $1 }
            environment["DIARY_HOME"] = store.url.path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in runs { try process.run() }
        for process in runs { process.waitUntilExit() }
        #expect(runs.allSatisfy { $0.terminationStatus == 0 })
        try sync(laptop)
        try sync(desktop)
        let expected = try Self.entries(laptop)
        #expect(try Self.entries(desktop) == expected)
        for index in 0..<5 { #expect(expected.contains("laptop \(index)") && expected.contains("desktop \(index)")) }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/apache2")))
    func threeStoresThroughApacheModDAV() throws {
        let served = remote.url.appending(component: "htdocs")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let server = try ApacheDAVServer(serving: served)
        defer { server.stop() }
        try threeStoresConverge(through: "webdav://127.0.0.1:\(server.port)/diary")
        #expect(FileManager.default.fileExists(atPath: served.appending(path: "diary/keys").path))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rclone")))
    func threeStoresThroughAWebDAVServer() throws {
        let server = try WebDAVServer(serving: remote.url)
        defer { server.stop() }
        try threeStoresConverge(through: "webdav://127.0.0.1:\(server.port)/diary")
        #expect(FileManager.default.fileExists(atPath: remote.url.appending(path: "diary/keys").path))
    }
}

/// Apache's `mod_dav` over a folder on 127.0.0.1, on a free port, for one test: a server of
/// its own (`apache2 -f`), its workers as `nobody` when started by root.
final class ApacheDAVServer {
    let port: Int
    private let process: Process

    init(serving folder: URL) throws {
        let run = folder.deletingLastPathComponent().appending(component: "apache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        for path in [folder.path, run.path] { chmod(path, 0o777) }
        var lastError = "no port tried"
        for _ in 0..<5 {
            let port = Int.random(in: 20_000..<60_000)
            let configuration = run.appending(component: "httpd-\(port).conf")
            let text = """
                ServerRoot "\(run.path)"
                Listen 127.0.0.1:\(port)
                PidFile \(run.path)/httpd-\(port).pid
                ErrorLog \(run.path)/error-\(port).log
                LoadModule mpm_prefork_module /usr/lib/apache2/modules/mod_mpm_prefork.so
                LoadModule authz_core_module /usr/lib/apache2/modules/mod_authz_core.so
                LoadModule dav_module /usr/lib/apache2/modules/mod_dav.so
                LoadModule dav_fs_module /usr/lib/apache2/modules/mod_dav_fs.so
                \(getuid() == 0 ? "User nobody\nGroup nogroup" : "")
                ServerName localhost
                DocumentRoot "\(folder.path)"
                DavLockDB "\(run.path)/DavLock"
                <Directory "\(folder.path)">
                    Dav On
                    Require all granted
                </Directory>
                """
            try Data(text.utf8).write(to: configuration)
            // In the foreground: `-k start` leaves a daemon, which Foundation's Process never sees end.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/apache2")
            process.arguments = ["-f", configuration.path, "-DFOREGROUND"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let pid = run.appending(component: "httpd-\(port).pid")
            for _ in 0..<100 where process.isRunning && !FileManager.default.fileExists(atPath: pid.path) {
                Thread.sleep(forTimeInterval: 0.05)
            }
            if process.isRunning, FileManager.default.fileExists(atPath: pid.path) {
                self.port = port
                self.process = process
                return
            }
            kill(process.processIdentifier, SIGKILL)
            lastError =
                (try? String(contentsOf: run.appending(component: "error-\(port).log"), encoding: .utf8))
                ?? "apache2 said nothing"
        }
        throw WebDAVServerError(reason: lastError)
    }

    /// SIGKILL to the workers and the server (a child of the test process inherits a mask that
    /// blocks SIGTERM, so `terminate()` would wait forever).
    func stop() {
        _ = try? runProcess(URL(fileURLWithPath: "/usr/bin/pkill"), ["-KILL", "-P", String(process.processIdentifier)])
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// `rclone serve webdav` over a folder on 127.0.0.1, on a free port, for one test.
final class WebDAVServer {
    let port: Int

    /// Serves `folder` on a free port, or on `port` (a server started again where one was killed).
    init(serving folder: URL, port fixed: Int? = nil) throws {
        var lastError = "no port tried"
        for _ in 0..<5 {
            let port = fixed ?? Int.random(in: 20_000..<60_000)
            let log = FileManager.default.temporaryDirectory.appending(
                component: "webdav-\(port)-\(UUID().uuidString).log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/rclone")
            process.arguments = ["serve", "webdav", folder.path, "--addr", "127.0.0.1:\(port)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: log)
            try process.run()
            for _ in 0..<100 {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if text.contains("started") || text.contains("Serving") {
                    self.port = port
                    self.running = process
                    return
                }
                if !process.isRunning { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            lastError = (try? String(contentsOf: log, encoding: .utf8)) ?? "rclone printed nothing"
            process.terminate()
        }
        throw WebDAVServerError(reason: lastError)
    }

    private var running: Process?

    func stop() {
        // SIGKILL: a child of the test process may block SIGTERM (see ApacheDAVServer.stop()).
        if let running { kill(running.processIdentifier, SIGKILL) }
        running?.waitUntilExit()
    }
}

struct WebDAVServerError: Error { var reason: String }

/// `diary config`: settings kept in the diary, synced per key unless kept on one device, a
/// change made on another device said once.
@Suite struct ConfigCommandTests {
    static let secret = SyncCommandTests.secret

    @Test func settingsApplyHereAndFollowToAnotherDeviceWhichSaysTheChangeOnce() throws {
        let remote = try TemporaryDirectory(prefix: "diary-config-remote")
        let laptop = try TestStore(), desktop = try TestStore()
        try laptop.succeed(["config", "set", "list.limit", "2"])
        try laptop.succeed(["config", "set", "new.tags", "daily, home"])
        try laptop.succeed(["config", "set", "editor", "nano -w"])
        #expect(
            try laptop.succeed(["config", "list"]).stdout
                == "editor = nano -w  (this device only)\nlist.limit = 2\nnew.tags = daily,home\n")
        for text in ["one", "two", "three"] { try laptop.succeed(["new", "--text", text]) }
        let listed = try #require(try laptop.json(["list"]) as? [[String: Any]])
        #expect(listed.count == 2 && (listed.first?["tags"] as? [String]) == ["daily", "home"])

        try laptop.succeed(["sync", "init", remote.url.path], environment: Self.secret)
        try laptop.succeed(["sync"], environment: Self.secret)
        try desktop.succeed(["sync", "join", remote.url.path], environment: Self.secret)
        try desktop.succeed(["sync"], environment: Self.secret)
        // The next command says what changed elsewhere.
        let first = try desktop.succeed(["config", "get", "list.limit"])
        #expect(first.stdout == "2\n" && first.stderr.contains("list.limit is now 2 (changed on "), "\(first)")
        let unsetHere = try desktop.run(["config", "get", "editor"])
        #expect(unsetHere.status == 66, "the editor stays on the laptop: \(unsetHere)")

        try laptop.succeed(["config", "set", "list.limit", "50"])
        try laptop.succeed(["sync"], environment: Self.secret)
        try desktop.succeed(["sync"], environment: Self.secret)
        let said = try desktop.succeed(["list"])
        #expect(said.stderr.contains("list.limit is now 50 (changed on "), "\(said)")
        #expect(try desktop.succeed(["list"]).stderr.isEmpty, "said once")
        #expect(try #require(try desktop.json(["list"]) as? [[String: Any]]).count == 3)
    }

    @Test func timesWeeksAndTheSyncRemoteFollowTheirSettings() throws {
        let store = try TestStore(now: "2026-12-06T12:00:00+01:00")
        try store.succeed(["new", "--text", "morning", "--on", "2026-12-01 09:05"])
        try store.succeed(["new", "--text", "evening", "--on", "2026-12-01 21:40"])
        #expect(try store.succeed(["list"]).stdout.contains("#2  21:40  evening\n#1  09:05  morning"))
        #expect(
            try store.succeed(["calendar", "2026-12"]).stdout.contains("Mo     Tu     We     Th     Fr     Sa     Su\n")
        )

        try store.succeed(["config", "set", "time.format", "12h"])
        #expect(try store.succeed(["config", "get", "time.format"]).stdout == "12\n")
        #expect(try store.succeed(["list"]).stdout.contains("#2   9:40 PM  evening\n#1   9:05 AM  morning"))
        #expect(try store.succeed(["show", "1"]).stdout.hasPrefix("#1  Tuesday, 1 December 2026 9:05 AM"))
        // Scripts read the same JSON whatever the setting.
        let json = try #require(try store.json(["show", "2"]) as? [String: Any])
        #expect((json["creationTime"] as? String)?.hasPrefix("2026-12-01T21:40") == true)

        try store.succeed(["config", "set", "week.start", "Sunday"])
        let grid = try store.succeed(["calendar", "2026-12"]).stdout
        #expect(
            grid.contains(
                "Su     Mo     Tu     We     Th     Fr     Sa\n               1(2)   2      3      4      5\n"),
            "\(grid)")

        // init and join take the remote from sync.remote when none is given.
        let missing = try store.run(["sync", "init"], environment: SyncCommandTests.secret)
        #expect(missing.status == 64 && missing.stderr.contains("config set sync.remote"), "\(missing)")
        let remote = try TemporaryDirectory(prefix: "diary-config-remote")
        try store.succeed(["config", "set", "sync.remote", remote.url.path])
        let started = try store.succeed(["sync", "init"], environment: SyncCommandTests.secret)
        #expect(started.stderr.contains("now syncs with"), "\(started)")
        #expect(FileManager.default.fileExists(atPath: remote.url.appendingPathComponent("keys").path))
    }

    @Test func anUnknownKeyOrABadValueIsAUsageErrorAndChangesNothing() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x"])
        let before = try store.snapshot()
        let unknown = try store.run(["config", "set", "colour", "red"])
        #expect(
            unknown.status == 64
                && unknown.stderr.contains(
                    "the settings are editor, list.limit, new.tags, time.format, week.start, sync.remote"),
            "\(unknown)")
        for (key, value) in [("time.format", "25"), ("week.start", "friday"), ("sync.remote", " ")] {
            let refused = try store.run(["config", "set", key, value])
            #expect(refused.status == 64 && refused.stderr.contains(key), "\(refused)")
        }
        let bad = try store.run(["config", "set", "list.limit", "0"])
        #expect(bad.status == 64 && bad.stderr.contains("whole number"), "\(bad)")
        #expect(try store.snapshot() == before)
        try store.succeed(["config", "set", "list.limit", "7"])
        try store.succeed(["config", "unset", "list.limit"])
        #expect(try store.run(["config", "get", "list.limit"]).status == 66)
    }
}
