import Foundation

extension StoreMirror {
    /// Sends what changed here and applies what the other devices sent, as the type's
    /// documentation describes: a device joining loads the newest snapshot first and replays only
    /// the change sets after it; a sync that leaves ``MirrorConfiguration/snapshotInterval``
    /// change sets or more beyond the newest snapshot uploads a new one. A change set that fails authentication, or
    /// names another mirror or another place than its own, is refused (named in ``MirrorSyncSummary/refused``) with
    /// nothing of it applied, and that device's later change sets wait behind it.
    /// - Throws: ``MirrorError`` when the remote fails (what was saved before stays whole, and the
    ///   next sync goes on from there); store errors.
    public func sync(remote: any MirrorRemote, progress: ((String) -> Void)? = nil) throws -> MirrorSyncSummary {
        var summary = MirrorSyncSummary()
        var book = try MirrorBook(context: makeContext())
        let identity = try identity(book)
        let shapes = MirrorShape.Cache(model: book.model, configuration: configuration)
        var clock = MirrorClock(device: identity.device, last: book.setting(Setting.clock).flatMap(MirrorStamp.init))
        try stampLocalChanges(book, clock: &clock, shapes: shapes)
        let listed = try remote.listFiles(includingUploads: true)
        let files = listed.filter { !MirrorRemoteFile.isTemporary($0.path) }
        // What uploads killed or cut off long ago left behind (under temporary names nothing reads).
        for file in listed where MirrorRemoteFile.isAbandonedUpload(file.path, now: deviceTime(Date())) {
            if (try? remote.remove(file.path)) != nil { summary.removedUploads += 1 }
        }
        let vault = try MirrorVault(key: identity.key, folder: scratchFolder.appending(component: "vault"))
        progress?("sending")
        try sendPending(
            book, identity: identity, files: files, remote: remote, vault: vault, shapes: shapes, summary: &summary)
        if try loadSnapshotIfJoining(
            identity: identity, files: files, clock: &clock, remote: remote, vault: vault, shapes: shapes,
            summary: &summary, progress: progress)
        {
            book = try MirrorBook(context: makeContext())
        }
        try receive(
            book, identity: identity, files: files, clock: &clock, remote: remote, vault: vault, shapes: shapes,
            summary: &summary, progress: progress)
        if summary.revived.isEmpty == false, try book.pendingCount() > 0 {
            // What came back here goes out now, so the deleting device brings it back too.
            try sendPending(
                book, identity: identity, files: try remote.listFiles(), remote: remote, vault: vault,
                shapes: shapes, summary: &summary)
        }
        try snapshotIfDue(
            identity: identity, files: files, remote: remote, vault: vault, shapes: shapes, summary: &summary)
        return summary
    }

    /// Applies every other device's change sets after the last one applied from it, in order.
    func receive(
        _ book: MirrorBook, identity: Identity, files: [MirrorRemoteFile], clock: inout MirrorClock,
        remote: any MirrorRemote, vault: MirrorVault, shapes: MirrorShape.Cache,
        summary: inout MirrorSyncSummary, progress: ((String) -> Void)?
    ) throws {
        var byDevice: [String: [(Int, MirrorRemoteFile)]] = [:]
        for file in files {
            guard let (device, sequence) = MirrorChangeSet.parse(path: file.path), device != identity.device else {
                continue
            }
            byDevice[device, default: []].append((sequence, file))
        }
        let decoder = JSONDecoder()
        for device in byDevice.keys.sorted() {
            var applied = Int(book.setting(Setting.appliedPrefix + device) ?? "") ?? 0
            for (sequence, file) in byDevice[device, default: []].sorted(by: { $0.0 < $1.0 }) where sequence > applied {
                guard sequence == applied + 1 else {
                    summary.refused.append(
                        "\(file.path): change set \(applied + 1) of this device is missing; waiting for it")
                    break
                }
                progress?("receiving \(file.path)")
                let download = vault.downloadURL()
                defer { try? FileManager.default.removeItem(at: download) }
                try remote.download(file.path, to: download)
                guard let data = vault.open(download) else {
                    summary.refused.append(
                        "\(file.path): fails authentication (damaged, incomplete, or not sealed with this diary's sync key)"
                    )
                    break
                }
                guard let changeSet = try? decoder.decode(MirrorChangeSet.self, from: data),
                    changeSet.format == MirrorChangeSet.currentFormat
                else {
                    summary.refused.append("\(file.path): is not a change set this version reads")
                    break
                }
                guard changeSet.mirror == identity.mirror, changeSet.device == device, changeSet.sequence == sequence
                else {
                    summary.refused.append(
                        "\(file.path): holds change set \(changeSet.sequence) of device \(changeSet.device), not this one"
                    )
                    break
                }
                do {
                    try apply(
                        changeSet, path: file.path, book: book, clock: &clock, shapes: shapes, remote: remote,
                        vault: vault, summary: &summary)
                    applied = sequence
                    try book.set(Setting.appliedPrefix + device, String(sequence))
                    if let latest = changeSet.records.compactMap({ $0.clock.latestStamp(madeBy: device) }).max() {
                        try raiseKnowledge(of: device, to: latest, book: book)
                    }
                    try book.set(Setting.namePrefix + device, changeSet.deviceName)
                    try book.set(Setting.seenPrefix + device, String(Date().timeIntervalSince1970))
                    if let last = clock.last { try book.set(Setting.clock, last.description) }
                    try book.save()
                } catch let error as MirrorError {
                    book.context.rollback()
                    summary.refused.append("\(file.path): \(error)")
                    throw error
                } catch {
                    book.context.rollback()
                    summary.refused.append("\(file.path): \(error)")
                    throw MirrorError.cannotApply(path: file.path, reason: "\(error)")
                }
            }
        }
    }

    /// Raises what this device knows of `device`'s edits (``Setting/knownPrefix``) to `stamp`,
    /// when later: the latest of its own stamps in a change set of it applied here, or in a
    /// snapshot's maker's knowledge.
    func raiseKnowledge(of device: String, to stamp: MirrorStamp, book: MirrorBook) throws {
        let known = book.setting(Setting.knownPrefix + device).flatMap(MirrorStamp.init)
        if known.map({ stamp > $0 }) ?? true { try book.set(Setting.knownPrefix + device, stamp.description) }
    }

    /// What this device has seen of every device's edits, itself included up to `now`: the
    /// ``MirrorObjectClock/knew`` of a deletion made here.
    func knowledge(_ book: MirrorBook, device: String, now: MirrorStamp) -> [String: MirrorStamp] {
        var known = book.settings(prefixed: Setting.knownPrefix).compactMapValues(MirrorStamp.init)
        known[device] = now
        return known
    }

    /// The store's mirror as it stands: this device, the others and what waits on the remote.
    public func status(remote: (any MirrorRemote)?) throws -> MirrorStatus {
        let book = try MirrorBook(context: makeContext())
        let identity = try identity(book)
        let files = try remote?.listFiles() ?? []
        var latest: [String: Int] = [:]
        var changeSets = 0
        var snapshots: [Int] = []
        for file in files {
            if let (device, sequence) = MirrorChangeSet.parse(path: file.path) {
                changeSets += 1
                if device != identity.device { latest[device] = max(latest[device] ?? 0, sequence) }
            } else if let head = MirrorSnapshot.parseHead(path: file.path) {
                snapshots.append(head.covered)
            }
        }
        let applied = book.settings(prefixed: Setting.appliedPrefix)
        let names = book.settings(prefixed: Setting.namePrefix)
        let seen = book.settings(prefixed: Setting.seenPrefix)
        let devices = Set(latest.keys).union(applied.keys).sorted().map { device in
            let done = Int(applied[device] ?? "") ?? 0
            return MirrorStatus.Device(
                identifier: device, name: names[device] ?? device, appliedChangeSets: done,
                waitingChangeSets: max(0, (latest[device] ?? done) - done),
                lastSeen: seen[device].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)))
        }
        return MirrorStatus(
            remoteAddress: book.setting(Setting.remote) ?? "", device: identity.device,
            deviceName: identity.deviceName, devices: devices, pendingObjects: try waitingCount(book),
            remoteChangeSets: changeSets, remoteSnapshots: snapshots.sorted(by: >))
    }
}
