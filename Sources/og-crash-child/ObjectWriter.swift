import Foundation
import ObjectGraph
import ObjectGraphCrashSupport

/// Saves notes with attachments to an ObjectGraph SQLite store in a loop: every save inserts a
/// note, and now and then changes or deletes earlier ones, so blob files are written, shared
/// and lose their last reference. Payloads straddle a 1 KiB external-storage threshold; some
/// are set from files (`<store-directory>/incoming/`), the rest from memory.
///
/// Each save is reported in two unbuffered writes. Before `save()`:
/// `intent <n>`, then `note <serial> <payload-sha256> <attachment-sha256s sorted, comma-joined or ->`
/// for every note the save inserts or changes and `gone <serial>` for every note it deletes,
/// then `ready <n>`. After `save()` returns: `committed <n>`. A test can thus tell what is
/// durable (committed saves) from what may or may not be (the one save a kill interrupted).
struct ObjectWriter {
    /// The folder holding the store (``CrashStore``), its blobs and the `incoming` source files.
    let storeDirectory: URL
    /// Whether the store is the encrypted variant (``CrashStore/options(encrypted:)``).
    var encrypted = false
    /// A safety stop for a child nobody kills.
    let limit = 10_000

    /// Above this many notes every save also deletes one, so the store stays small.
    static let populationCap = 24

    /// Saves until killed or until ``limit`` saves are done.
    ///
    /// - Throws: ``StoreError``, ``SQLiteError`` or ``ObjectGraphError`` from the store.
    func run() throws {
        let coordinator = PersistentStoreCoordinator(model: CrashStore.model)
        try coordinator.addPersistentStore(
            type: .sqlite, at: CrashStore.storeURL(in: storeDirectory),
            options: try CrashStore.options(encrypted: encrypted))
        let context = ManagedObjectContext(coordinator: coordinator)
        var notes = try context.fetch(FetchRequest(entityName: "Note"))
        var nextSerial = (notes.compactMap { $0["serial", as: Int64.self] }.max() ?? 0) + 1
        var generator = SystemRandomNumberGenerator()
        var earlier: [Data] = []

        func payload() -> Data {
            // One payload in five repeats an earlier one, so two rows share a blob file.
            if Int.random(in: 0..<5, using: &generator) == 0, let repeated = earlier.randomElement(using: &generator) {
                return repeated
            }
            // One in eight sits on an edge: empty, one byte, at the threshold (inline) or just above.
            let threshold = CrashStore.externalStorageThreshold
            let byteCount =
                Int.random(in: 0..<8, using: &generator) == 0
                ? [0, 1, threshold, threshold + 1].randomElement(using: &generator) ?? 0
                : Int.random(in: 0...3 * threshold, using: &generator)
            let content = BlobWriter.content(byteCount: byteCount, nonce: generator.next())
            if earlier.count < 16 {
                earlier.append(content)
            } else {
                earlier[Int.random(in: 0..<16, using: &generator)] = content
            }
            return content
        }
        // One payload in four is set from a file, the streamed path; the files go after the save.
        let incoming = storeDirectory.appending(component: "incoming", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: incoming, withIntermediateDirectories: true)
        var sources: [URL] = []
        func setPayload(of object: ManagedObject) throws {
            let content = payload()
            guard Int.random(in: 0..<4, using: &generator) == 0 else {
                return object.setValue(content, forKey: "payload")
            }
            let source = incoming.appending(component: "payload-\(getpid())-\(sources.count).bin")
            try content.write(to: source)
            try object.setBinaryValue(fromFileAt: source, forKey: "payload")
            sources.append(source)
        }
        func attach(to note: ManagedObject) throws {
            let attachment = try context.insertObject(entityName: "Attachment")
            attachment.setValue("attachment \(nextSerial)", forKey: "name")
            try setPayload(of: attachment)
            attachment.setValue(note, forKey: "note")
        }

        for number in 1...limit {
            var changed: [ManagedObject] = []
            var gone: [Int64] = []

            let note = try context.insertObject(entityName: "Note")
            note.setValue("Note \(nextSerial)", forKey: "title")
            note.setValue(nextSerial, forKey: "serial")
            try setPayload(of: note)
            for _ in 0..<Int.random(in: 0...3, using: &generator) { try attach(to: note) }
            nextSerial += 1
            changed.append(note)

            if !notes.isEmpty, Int.random(in: 0..<3, using: &generator) == 0 {
                let target = notes[Int.random(in: 0..<notes.count, using: &generator)]
                try setPayload(of: target)
                if let old = target.objects(forKey: "attachments", as: ManagedObject.self).first { context.delete(old) }
                try attach(to: target)
                changed.append(target)
            }
            if notes.count > Self.populationCap || (!notes.isEmpty && Int.random(in: 0..<3, using: &generator) == 0) {
                let victim = notes.remove(at: Int.random(in: 0..<notes.count, using: &generator))
                changed.removeAll { $0 === victim }
                gone.append(victim["serial", as: Int64.self] ?? -1)
                context.delete(victim)
            }

            let intent =
                ["intent \(number)"] + changed.map(Self.describe) + gone.map { "gone \($0)" } + ["ready \(number)"]
            Self.report(intent)
            try context.save()
            Self.report(["committed \(number)"])
            for source in sources { try FileManager.default.removeItem(at: source) }
            sources.removeAll()
            notes.append(note)
        }
    }

    /// `note <serial> <payload-sha256> <attachment-sha256s>` for `note` as it is in memory.
    static func describe(_ note: ManagedObject) -> String {
        let serial = note["serial", as: Int64.self] ?? -1
        let attachments = note.objects(forKey: "attachments", as: ManagedObject.self)
            .filter { !$0.isDeleted }
            .map { hash(of: $0["payload", as: Data.self]) }
            .sorted()
        return
            "note \(serial) \(hash(of: note["payload", as: Data.self])) \(attachments.isEmpty ? "-" : attachments.joined(separator: ","))"
    }

    /// The SHA-256 of `data`, or `-` for no value.
    static func hash(of data: Data?) -> String {
        data.map(SHA256Hasher.hex(of:)) ?? "-"
    }

    /// Writes `lines` to stdout in one unbuffered write, so a kill never splits them.
    static func report(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
