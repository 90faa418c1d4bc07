import Foundation
import ObjectGraphCrashSupport
import TestSupport
import Testing

@testable import ObjectGraph

/// SIGKILLs a child that saves notes with external blobs (`og-crash-child objects`) at random
/// moments and checks after every kill that the store opens sound, that every blob a row refers
/// to is whole, that every save reported committed is there and the interrupted one is all or
/// nothing, and that a sweep leaves exactly the referenced blobs.
@Suite struct ObjectGraphCrashTests {
    /// A note as the child reports it and as the store must hold it.
    struct NoteState: Equatable, CustomStringConvertible {
        /// SHA-256 of the payload, `-` for none.
        var payload: String
        /// SHA-256s of the attachments' payloads, sorted.
        var attachments: [String]

        var description: String { "\(payload.prefix(8)) [\(attachments.map { $0.prefix(8) }.joined(separator: ","))]" }
    }

    /// One save the child announced: what it leaves behind, and whether `save()` returned.
    struct Save {
        var notes: [Int64: NoteState] = [:]
        var gone: [Int64] = []
        var isReady = false
        var isCommitted = false

        /// `state` with this save applied.
        func applied(to state: [Int64: NoteState]) -> [Int64: NoteState] {
            var result = state
            for serial in gone { result[serial] = nil }
            result.merge(notes) { $1 }
            return result
        }
    }

    /// The saves in the child's report (see `ObjectWriter`), in order; nil for a line it never writes.
    static func saves(fromLines lines: [String]) -> [Save]? {
        var saves: [Save] = []
        for line in lines {
            let fields = line.split(separator: " ").map(String.init)
            switch (fields.first, fields.count) {
            case ("intent", 2): saves.append(Save())
            case ("note", 4):
                guard let serial = Int64(fields[1]), !saves.isEmpty else { return nil }
                let attachments = fields[3] == "-" ? [] : fields[3].split(separator: ",").map(String.init)
                saves[saves.count - 1].notes[serial] = NoteState(payload: fields[2], attachments: attachments)
            case ("gone", 2):
                guard let serial = Int64(fields[1]), !saves.isEmpty else { return nil }
                saves[saves.count - 1].gone.append(serial)
            case ("ready", 2) where !saves.isEmpty: saves[saves.count - 1].isReady = true
            case ("committed", 2) where saves.last?.isReady == true: saves[saves.count - 1].isCommitted = true
            default: return nil
            }
        }
        return saves
    }

    /// What one look at the store after a kill found.
    struct Inspection {
        var notes: [Int64: NoteState] = [:]
        /// Everything found wrong, worded for the test log.
        var problems: [String] = []
        var inlinePayloads = 0
        var externalPayloads = 0
        var unreferencedBlobsBeforeSweep = 0
    }

    /// Opens the store (throwing when that fails), checks it through SQLite and ObjectGraph,
    /// sweeps it, and returns its notes and what was wrong.
    /// An encrypted store (`encrypted`) is checked through its own connection, and after it
    /// closes, every page of it authenticates (``PersistentStoreCoordinator/damagedPages(ofDatabaseAt:key:)``).
    static func inspect(storeDirectory: URL, encrypted: Bool = false) throws -> Inspection {
        let storeURL = CrashStore.storeURL(in: storeDirectory)
        var inspection = try inspectOpen(storeDirectory: storeDirectory, encrypted: encrypted)
        if encrypted, let key = try CrashStore.options(encrypted: true).encryptionKey {
            let damaged = try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: storeURL, key: key)
            if !damaged.isEmpty { inspection.problems.append("damaged pages \(damaged)") }
        }
        return inspection
    }

    private static func inspectOpen(storeDirectory: URL, encrypted: Bool) throws -> Inspection {
        let storeURL = CrashStore.storeURL(in: storeDirectory)
        let coordinator = PersistentStoreCoordinator(model: CrashStore.model)
        try coordinator.addPersistentStore(
            type: .sqlite, at: storeURL, options: try CrashStore.options(encrypted: encrypted))
        var inspection = Inspection()
        let integrity: [[String?]]
        if encrypted {
            let store = try #require(try coordinator.store() as? SQLiteStore)
            integrity = try store.withConnection { connection in
                let statement = try connection.statement("PRAGMA integrity_check")
                defer { statement.reset() }
                var rows: [[String?]] = []
                while try statement.step() { rows.append([statement.text(0)]) }
                return rows
            }
        } else {
            integrity = try sqliteRows("PRAGMA integrity_check", at: storeURL)
        }
        if integrity != [["ok"]] { inspection.problems.append("integrity check: \(integrity)") }

        let context = ManagedObjectContext(coordinator: coordinator)
        let blobStore = try #require(try coordinator.store().blobStore)
        var referenced = Set<String>()
        func checkPayload(of object: ManagedObject) -> String {
            guard let reference = object.binaryReference(forKey: "payload") else {
                inspection.inlinePayloads += 1
                return object["payload", as: Data.self].map(SHA256Hasher.hex(of:)) ?? "-"
            }
            inspection.externalPayloads += 1
            referenced.insert(reference.sha256)
            do {
                if try !blobStore.verify(reference) {
                    inspection.problems.append("blob \(reference.sha256) is damaged")
                }
            } catch {
                inspection.problems.append("\(error)")
            }
            return reference.sha256
        }

        // Every attachment once (an orphan too), then the notes, whose attachments are the same objects.
        var attachmentPayloads: [ObjectIdentifier: String] = [:]
        for attachment in try fetchAll("Attachment", in: context) {
            if attachment.value(forKey: "note") == nil { inspection.problems.append("an attachment outlived its note") }
            attachmentPayloads[ObjectIdentifier(attachment)] = checkPayload(of: attachment)
        }
        for note in try fetchAll("Note", in: context) {
            let serial = try #require(note["serial", as: Int64.self])
            let attachments = note.objects(forKey: "attachments", as: ManagedObject.self)
                .map { attachmentPayloads[ObjectIdentifier($0)] ?? "not fetched" }.sorted()
            inspection.notes[serial] = NoteState(payload: checkPayload(of: note), attachments: attachments)
        }

        // The rows' own view of the blobs they use must agree with the objects'.
        let store = try #require(try coordinator.store() as? SQLiteStore)
        if try store.withConnection({ try store.referencedBlobHashes(connection: $0) }) != referenced {
            inspection.problems.append("the rows refer to other blobs than the objects")
        }
        let garbage = try coordinator.blobGarbage(olderThan: 0, remove: true)
        inspection.unreferencedBlobsBeforeSweep = garbage.unreferencedBlobs.count
        // Files are named by the SHA-256 (plain) or by a keyed hash of it (encrypted).
        if try blobStore.allHashes() != Set(referenced.map(blobStore.fileName(forSHA256:))) {
            inspection.problems.append("after the sweep the blob files are not exactly the referenced ones")
        }
        if try !blobStore.staleTemporaryFiles(olderThan: 0).isEmpty {
            inspection.problems.append("the sweep left temporary files")
        }
        return inspection
    }

    /// Plain, and encrypted (every page of the database and its WAL through the encrypting VFS).
    @Test(arguments: [false, true])
    func savesSurviveFiftyKillsWholeAndAtomically(encrypted: Bool) throws {
        try fiftyKills(encrypted: encrypted)
    }

    private func fiftyKills(encrypted: Bool) throws {
        let child = try #require(
            ProcessKiller.builtExecutable(named: "og-crash-child"),
            "build the og-crash-child product first (swift build), or set OG_CRASH_CHILD")
        let scratch = try TemporaryDirectory(prefix: "object-crash")
        let storeDirectory = scratch.appending("store")
        var killer = ProcessKiller(seed: 0x0B7E_C7_C4A5, delayRange: 20...300)
        var expected: [Int64: NoteState] = [:]
        var committedSaves = 0, interruptedSavesApplied = 0, interruptedSavesLost = 0
        var inlinePayloads = 0, externalPayloads = 0, runsWithLeftoverBlobs = 0

        for run in 1...50 {
            let outcome = try killer.runAndKill(
                child, arguments: ["objects", storeDirectory.path] + (encrypted ? ["--encrypted"] : []))
            #expect(
                outcome.wasKilled, "run \(run): child ended by itself (\(outcome.status)): \(outcome.standardError)")
            let saves = try #require(
                Self.saves(fromLines: outcome.lines), "run \(run): unexpected output \(outcome.lines)")
            for save in saves where save.isCommitted { expected = save.applied(to: expected) }
            committedSaves += saves.count(where: \.isCommitted)

            let inspection = try Self.inspect(storeDirectory: storeDirectory, encrypted: encrypted)
            #expect(inspection.problems.isEmpty, "run \(run): \(inspection.problems.joined(separator: "; "))")
            inlinePayloads += inspection.inlinePayloads
            externalPayloads += inspection.externalPayloads
            if inspection.unreferencedBlobsBeforeSweep > 0 { runsWithLeftoverBlobs += 1 }

            // The save the kill interrupted (announced, not reported back) is there whole or not at all.
            if let interrupted = saves.last, interrupted.isReady, !interrupted.isCommitted {
                if inspection.notes != expected, inspection.notes == interrupted.applied(to: expected) {
                    expected = inspection.notes
                    interruptedSavesApplied += 1
                } else {
                    interruptedSavesLost += 1
                }
            }
            #expect(
                inspection.notes == expected,
                """
                run \(run): the store differs from the reported saves
                missing or different: \
                \(expected.filter { inspection.notes[$0.key] != $0.value }.sorted { $0.key < $1.key })
                unexpected: \(inspection.notes.filter { expected[$0.key] != $0.value }.sorted { $0.key < $1.key })
                """)
            // Damage stays; the runs after the first failure would only repeat it.
            guard inspection.problems.isEmpty, inspection.notes == expected else { return }
        }
        // Without saves and both payload kinds the test would prove little (a loaded machine saves less).
        #expect(committedSaves >= 30, "only \(committedSaves) saves committed in 50 runs")
        #expect(inlinePayloads > 0 && externalPayloads > 0)
        if encrypted {
            #expect(try PersistentStoreCoordinator.isEncryptedDatabase(at: CrashStore.storeURL(in: storeDirectory)))
        }
        print(
            "ObjectGraphCrashTests\(encrypted ? " (encrypted)" : ""): 50 kills, \(committedSaves) saves committed, interrupted saves found applied \(interruptedSavesApplied)",
            "and absent \(interruptedSavesLost), \(runsWithLeftoverBlobs) kills left unreferenced blobs, \(expected.count) notes at the end"
        )
    }

    @Test func reportParserKeepsSavesApartAndRejectsStrayLines() throws {
        let hash = String(repeating: "a", count: 64)
        let saves = try #require(
            Self.saves(fromLines: [
                "intent 1", "note 1 \(hash) -", "ready 1", "committed 1",
                "intent 2", "note 2 - \(hash),\(hash)", "gone 1", "ready 2"
            ]))
        #expect(saves.count == 2)
        #expect(saves[0].isCommitted && saves[1].isReady && !saves[1].isCommitted)
        #expect(
            saves[1].applied(to: saves[0].applied(to: [:])) == [2: NoteState(payload: "-", attachments: [hash, hash])])
        #expect(Self.saves(fromLines: ["note 1 x -"]) == nil)
        #expect(Self.saves(fromLines: ["intent 1", "committed 1"]) == nil)
    }
}
