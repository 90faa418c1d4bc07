import Foundation

extension StoreMirror {
    /// Uploads a snapshot (see ``MirrorSnapshot``) of what this store holds when the change sets
    /// it includes, all devices together, are ``MirrorConfiguration/snapshotInterval`` or more
    /// beyond the newest snapshot on the remote; run at the end of a sync. The cut is this
    /// device's own last change set and the last it applied of every other device, so only a
    /// store that holds exactly those makes one: nothing waits to be sent, and nothing was saved
    /// here since the sync stamped (else the next sync makes it). A state that an earlier sync
    /// uploaded without its head (killed between the two) is removed first: no head names it.
    /// - Throws: ``MirrorError`` when the remote fails; store errors.
    func snapshotIfDue(
        identity: Identity, files: [MirrorRemoteFile], remote: any MirrorRemote, vault: MirrorVault,
        shapes: MirrorShape.Cache, summary: inout MirrorSyncSummary
    ) throws {
        let book = try MirrorBook(context: makeContext())
        try removeUnfinishedSnapshot(book, files: files, remote: remote)
        let interval = configuration.snapshotInterval
        guard interval > 0, try book.pendingCount() == 0 else { return }
        var vector = book.settings(prefixed: Setting.appliedPrefix).compactMapValues { Int($0) }
        vector[identity.device] = Int(book.setting(Setting.sequence) ?? "") ?? 0
        vector = vector.filter { $0.value > 0 }
        let newest = files.compactMap { MirrorSnapshot.parseHead(path: $0.path)?.covered }.max() ?? 0
        guard vector.values.reduce(0, +) - newest >= interval, let start = try unchangedSinceStamping(book) else {
            return
        }

        var clock = MirrorClock(device: identity.device, last: book.setting(Setting.clock).flatMap(MirrorStamp.init))
        let created = clock.stamp(at: deviceTime(Date()))
        let id = vault.scratch.fileName(
            forSHA256: SHA256Hasher.hex(of: Data("snapshot \(identity.device) \(created) \(UUID())".utf8)))
        let writer = MirrorSnapshotWriter(mirror: self, shapes: shapes)
        var failure: (any Error)?
        let staged: StagedBlob
        do {
            staged = try vault.seal { (buffer) throws(BlobStoreError) -> Int in
                do {
                    return try writer.fill(buffer)
                } catch {
                    failure = error
                    throw .unreadableSource(path: "the snapshot", reason: "\(error)")
                }
            }
        } catch {
            if failure is MirrorSnapshotWriter.Inconsistent { return }
            throw failure ?? error
        }
        defer { vault.discard(staged) }
        // Saved here meanwhile (another process): the pages may not be of one moment.
        let watched = mirroredEntityNames().union([MirrorBookkeeping.recordEntity, MirrorBookkeeping.settingEntity])
        guard
            let later = try? makeContext().fetchHistory(
                after: start.token, matching: PersistentHistoryFilter(entityNames: watched)),
            later.isEmpty
        else { return }

        var names = book.settings(prefixed: Setting.namePrefix).filter { vector[$0.key] != nil }
        names[identity.device] = identity.deviceName
        let snapshot = MirrorSnapshot(
            mirror: identity.mirror, id: id, device: identity.device, deviceName: identity.deviceName,
            created: created, vector: vector, known: knowledge(book, device: identity.device, now: created),
            names: names, records: writer.records,
            sha256: staged.sha256, byteCount: staged.byteCount)
        let statePath = MirrorSnapshot.statePath(covered: snapshot.covered, id: id)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let head: StagedBlob
        do { head = try vault.seal(try encoder.encode(snapshot)) } catch let error as MirrorError { throw error } catch
        {
            throw MirrorError.encryptionFailed(reason: "\(error)")
        }
        defer { vault.discard(head) }
        // Kept until the head is there, so a state whose head never came is known and removed.
        try book.set(Setting.snapshotUpload, statePath)
        try book.save()
        try remote.upload(staged.temporaryURL, as: statePath)
        try remote.upload(head.temporaryURL, as: MirrorSnapshot.headPath(covered: snapshot.covered, id: id))
        try book.set(Setting.snapshotUpload, nil)
        try book.save()
        summary.sentSnapshots += 1
        for file in [staged, head] {
            summary.sentBytes +=
                (try? FileManager.default.attributesOfItem(atPath: file.temporaryURL.path)[.size] as? Int64) ?? 0
        }
    }

    /// Removes the state an earlier snapshot upload left without its head (a sync killed or cut
    /// off between the two): nothing ever reads it.
    private func removeUnfinishedSnapshot(
        _ book: MirrorBook, files: [MirrorRemoteFile], remote: any MirrorRemote
    ) throws {
        guard let statePath = book.setting(Setting.snapshotUpload) else { return }
        let headPath = String(statePath.dropLast(".state".count)) + ".head"
        if !files.contains(where: { $0.path == headPath }) { try remote.remove(statePath) }
        try book.set(Setting.snapshotUpload, nil)
        try book.save()
    }

    /// A moment of the store's history: the token of its last transaction (nil: none yet).
    private struct HistoryMoment {
        let token: PersistentHistoryToken?
    }

    /// Now, when nothing of a mirrored entity was saved here since the last stamping (but by the
    /// mirror), so the store holds exactly what its change sets and those it applied say; nil
    /// otherwise, or when the history cannot tell.
    private func unchangedSinceStamping(_ book: MirrorBook) throws -> HistoryMoment? {
        guard let text = book.setting(Setting.historyToken),
            let kept = try? JSONDecoder().decode(PersistentHistoryToken.self, from: Data(text.utf8))
        else { return nil }
        let now = try book.context.currentHistoryToken()
        var filter = PersistentHistoryFilter(entityNames: mirroredEntityNames())
        filter.excludedAuthors = [Self.transactionAuthor]
        guard let later = try? book.context.fetchHistory(after: kept, matching: filter), later.isEmpty else {
            return nil
        }
        return HistoryMoment(token: now)
    }

    /// The names of the entities whose objects travel.
    func mirroredEntityNames() -> Set<String> {
        Set(coordinator.managedObjectModel.entities.map(\.name).filter(isMirrored))
    }
}
