import Foundation

extension StoreMirror {
    /// How many records of a snapshot are applied in one transaction.
    static let snapshotRecordsPerTransaction = 1000

    /// Why a snapshot was passed over; the change sets are replayed instead.
    private struct SnapshotRefusal: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// A snapshot deletes an object this store holds, made before that deletion (the device sent
    /// it, or made it on a clock behind): its tombstone keeps none of the values the deleting
    /// device had, which this store would need if its own edits keep the object. The change sets
    /// are replayed instead, as for a device that joined before the snapshot.
    private struct SnapshotDeletesHeldObject: Error {}

    /// Loads the newest snapshot this store can authenticate, when it has applied nothing of the
    /// other devices yet (it joins): its records are merged as one big change set would be, and
    /// what it includes of each device counts as applied, so the replay that follows starts after
    /// the snapshot's cut. A snapshot that is not whole yet, fails authentication, names another
    /// mirror or holds what this version does not read is refused (named in the summary) with
    /// nothing of it applied, and the next older one is tried; with none, every change set is
    /// replayed as before. Each snapshot is checked to its end before any of it is applied; then
    /// it is applied a thousand records per transaction, and a load cut short is taken up again
    /// by the next sync (the records already applied are merged again, which changes nothing).
    /// - Returns: whether a snapshot was loaded (the caller reads its bookkeeping again).
    /// - Throws: ``MirrorError`` when the remote fails or a record cannot be applied; store errors.
    func loadSnapshotIfJoining(
        identity: Identity, files: [MirrorRemoteFile], clock: inout MirrorClock,
        remote: any MirrorRemote, vault: MirrorVault, shapes: MirrorShape.Cache,
        summary: inout MirrorSyncSummary, progress: ((String) -> Void)?
    ) throws -> Bool {
        guard loadsSnapshots else { return false }
        let book = try MirrorBook(context: makeContext())
        let loading = book.setting(Setting.snapshotLoading)
        guard loading != nil || book.settings(prefixed: Setting.appliedPrefix).isEmpty else { return false }
        let sizes = Dictionary(files.map { ($0.path, $0.byteCount) }, uniquingKeysWith: max)
        let heads = files.compactMap { file in
            MirrorSnapshot.parseHead(path: file.path).map { (path: file.path, covered: $0.covered, id: $0.id) }
        }
        .sorted {
            ($0.path == loading ? 1 : 0, $0.covered, $0.path) > ($1.path == loading ? 1 : 0, $1.covered, $1.path)
        }
        for head in heads where head.covered > 0 {
            let download = vault.downloadURL()
            defer { try? FileManager.default.removeItem(at: download) }
            let snapshot: MirrorSnapshot
            do {
                snapshot = try readHead(head, size: sizes[head.path], identity: identity, remote: remote, vault: vault)
                // Nothing of another device in it: nothing to spare.
                guard snapshot.vector.contains(where: { $0.key != identity.device && $0.value > 0 }) else { continue }
                let statePath = MirrorSnapshot.statePath(covered: head.covered, id: head.id)
                guard let size = sizes[statePath] else {
                    throw SnapshotRefusal("its state \(statePath) is not on the remote (yet)")
                }
                let whole = BlobCipher.fileSize(ofContentSize: snapshot.byteCount, layout: .paddedGCM)
                guard size == whole else { throw SnapshotRefusal("its state is not whole (\(size) of \(whole) bytes)") }
                progress?("receiving \(statePath)")
                try remote.download(statePath, to: download)
                try check(download, of: snapshot, vault: vault, book: book)
            } catch let refusal as SnapshotRefusal {
                summary.refused.append("\(head.path): \(refusal.reason); replaying the change sets instead")
                continue
            } catch is SnapshotDeletesHeldObject {
                return false
            }
            try apply(
                snapshot, headPath: head.path, from: download, identity: identity, clock: &clock, remote: remote,
                vault: vault, shapes: shapes, summary: &summary)
            summary.loadedSnapshot = head.path
            return true
        }
        return false
    }

    /// The snapshot the head at `head.path` describes, checked against its name and this mirror.
    private func readHead(
        _ head: (path: String, covered: Int, id: String), size: Int64?, identity: Identity,
        remote: any MirrorRemote, vault: MirrorVault
    ) throws -> MirrorSnapshot {
        guard let size, size <= MirrorSnapshot.largestHead else {
            throw SnapshotRefusal("it is too large to be a snapshot's head")
        }
        let download = vault.downloadURL()
        defer { try? FileManager.default.removeItem(at: download) }
        try remote.download(head.path, to: download)
        guard let data = vault.open(download) else {
            throw SnapshotRefusal(
                "fails authentication (damaged, incomplete, or not sealed with this diary's sync key)")
        }
        guard let snapshot = try? JSONDecoder().decode(MirrorSnapshot.self, from: data),
            snapshot.format == MirrorSnapshot.currentFormat
        else {
            throw SnapshotRefusal("is not a snapshot this version reads")
        }
        guard snapshot.mirror == identity.mirror, snapshot.id == head.id, snapshot.covered == head.covered else {
            throw SnapshotRefusal("holds another snapshot than its name says")
        }
        return snapshot
    }

    /// Checks the downloaded state at `url` to its end before any of it is applied: every chunk
    /// authentic, the content the head's SHA-256 and length, every line records of this model,
    /// and no deletion of an object `book` holds from before it (``SnapshotDeletesHeldObject``).
    private func check(_ url: URL, of snapshot: MirrorSnapshot, vault: MirrorVault, book: MirrorBook) throws {
        let decoder = JSONDecoder()
        let model = coordinator.managedObjectModel
        var count = 0
        do {
            let lines = MirrorSnapshotReader(try vault.reader(url, sha256: snapshot.sha256))
            while let line = try lines.nextLine() {
                guard let states = try? decoder.decode([MirrorRecordState].self, from: line) else {
                    throw SnapshotRefusal("is not a snapshot this version reads")
                }
                // The line's deletions looked up in one query, not one each (a failure leaves each to its own).
                try? book.prefetch(identities: states.filter { $0.clock.gone != nil }.map(\.id))
                for state in states {
                    guard let entity = model.entity(named: state.entity), !entity.isAbstract, isMirrored(entity.name)
                    else {
                        throw SnapshotRefusal(
                            "names an entity this model does not have (\(state.entity)); update this program")
                    }
                    if let gone = state.clock.gone, let record = (try? book.record(identity: state.id)) ?? nil,
                        book.linkedObject(of: record) != nil, let held = book.clock(of: record), held.life <= gone
                    {
                        throw SnapshotDeletesHeldObject()
                    }
                }
                count += states.count
            }
        } catch let refusal as SnapshotRefusal {
            throw refusal
        } catch let held as SnapshotDeletesHeldObject {
            throw held
        } catch {
            throw SnapshotRefusal(
                "its state fails authentication (damaged, cut short, swapped, or not sealed with this diary's sync key)"
            )
        }
        guard count == snapshot.records else {
            throw SnapshotRefusal("its state holds \(count) records, not the \(snapshot.records) its head says")
        }
    }

    /// Applies the checked state at `url` a transaction at a time; the last one also records the
    /// snapshot's cut as applied.
    private func apply(
        _ snapshot: MirrorSnapshot, headPath: String, from url: URL, identity: Identity, clock: inout MirrorClock,
        remote: any MirrorRemote, vault: MirrorVault, shapes: MirrorShape.Cache,
        summary: inout MirrorSyncSummary
    ) throws {
        let statePath = MirrorSnapshot.statePath(covered: snapshot.covered, id: snapshot.id)
        let decoder = JSONDecoder()
        var chunk: [MirrorRecordState] = []
        var isFirst = true
        func save(final: Bool) throws {
            // A context per transaction, so memory stays one transaction's records.
            let book = try MirrorBook(context: makeContext())
            if isFirst { try book.set(Setting.snapshotLoading, headPath) }
            let changeSet = MirrorChangeSet(
                mirror: snapshot.mirror, device: snapshot.device, deviceName: snapshot.deviceName,
                sequence: 0, records: chunk)
            do {
                try apply(
                    changeSet, path: statePath, book: book, clock: &clock, shapes: shapes, remote: remote, vault: vault,
                    summary: &summary)
                if final {
                    for (device, sequence) in snapshot.vector where device != identity.device {
                        if sequence > Int(book.setting(Setting.appliedPrefix + device) ?? "") ?? 0 {
                            try book.set(Setting.appliedPrefix + device, String(sequence))
                        }
                        if let name = snapshot.names[device] { try book.set(Setting.namePrefix + device, name) }
                    }
                    for (device, stamp) in snapshot.known ?? [:] where device != identity.device {
                        try raiseKnowledge(of: device, to: stamp, book: book)
                    }
                    try book.set(Setting.seenPrefix + snapshot.device, String(Date().timeIntervalSince1970))
                    try book.set(Setting.snapshotLoading, nil)
                }
                if let last = clock.last { try book.set(Setting.clock, last.description) }
                try book.save()
            } catch let error as MirrorError {
                book.context.rollback()
                summary.refused.append("\(statePath): \(error)")
                throw error
            } catch {
                book.context.rollback()
                summary.refused.append("\(statePath): \(error)")
                throw MirrorError.cannotApply(path: statePath, reason: "\(error)")
            }
            isFirst = false
            chunk.removeAll(keepingCapacity: true)
        }
        let lines: MirrorSnapshotReader
        do { lines = MirrorSnapshotReader(try vault.reader(url, sha256: snapshot.sha256)) } catch {
            throw MirrorError.cannotApply(path: statePath, reason: "it cannot be read again here: \(error)")
        }
        do {
            while let line = try lines.nextLine() {
                chunk += try decoder.decode([MirrorRecordState].self, from: line)
                if chunk.count >= Self.snapshotRecordsPerTransaction { try save(final: false) }
            }
        } catch let error as BlobStoreError {
            throw MirrorError.cannotApply(path: statePath, reason: "it cannot be read again here: \(error)")
        } catch let error as DecodingError {
            throw MirrorError.cannotApply(path: statePath, reason: "it cannot be read again here: \(error)")
        }
        try save(final: true)
    }
}
