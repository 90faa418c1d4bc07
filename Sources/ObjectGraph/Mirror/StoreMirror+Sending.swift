import Foundation

extension StoreMirror {
    /// The most objects one change set carries: a first sync of a long history goes as many
    /// change sets, each read, sealed and applied in bounded memory.
    static let objectsPerChangeSet = 2000

    /// Sends every record marked since the last change set: their media first (each content
    /// once, skipped when the remote has it), then the change sets, then clears the marks.
    func sendPending(
        _ book: MirrorBook, identity: Identity, files: [MirrorRemoteFile], remote: any MirrorRemote,
        vault: MirrorVault, shapes: MirrorShape.Cache, summary: inout MirrorSyncSummary
    ) throws {
        let pending = try book.pendingRecords()
        guard !pending.isEmpty else { return }
        var states: [MirrorRecordState] = []
        states.reserveCapacity(pending.count)
        for record in pending {
            if let state = state(of: record, book: book, shapes: shapes) { states.append(state) }
        }
        // Parts travel with their owner (a medium with its entry), so a change set never holds
        // an object whose rules need another that only a later one brings.
        let groups = states.map { owner(of: $0, shapes: shapes) ?? $0.id }
        let order = states.indices.sorted {
            (groups[$0], groups[$0] == states[$0].id ? 0 : 1, states[$0].id)
                < (groups[$1], groups[$1] == states[$1].id ? 0 : 1, states[$1].id)
        }
        states = order.map { states[$0] }
        let sortedGroups = order.map { groups[$0] }

        let remotePaths = Set(files.map(\.path))
        var sentBlobs = Set<String>()
        let blobStore = try? coordinator.store().blobStore
        for state in states {
            for value in state.values.values {
                guard case .blob(let reference) = value, sentBlobs.insert(reference.sha256).inserted else { continue }
                let path = vault.remotePath(ofBlob: reference.sha256)
                if remotePaths.contains(path) { continue }
                guard let blobStore else { throw MirrorError.encryptionFailed(reason: "the store keeps no media") }
                let sealed = try vault.seal(reference, from: blobStore)
                defer { vault.discard(sealed) }
                try remote.upload(sealed.temporaryURL, as: path)
                let size =
                    (try? FileManager.default.attributesOfItem(atPath: sealed.temporaryURL.path)[.size] as? Int64)
                    ?? nil
                summary.sentBlobs += 1
                summary.sentBlobBytes += size ?? reference.byteCount
                summary.sentBytes += size ?? reference.byteCount
            }
        }

        var sequence = Int(book.setting(Setting.sequence) ?? "") ?? 0
        for file in files {
            if let (device, number) = MirrorChangeSet.parse(path: file.path), device == identity.device {
                sequence = max(sequence, number)
            }
        }
        let encoder = JSONEncoder()
        var start = 0
        while start < states.count {
            var end = min(states.count, start + Self.objectsPerChangeSet)
            while end < states.count && sortedGroups[end] == sortedGroups[end - 1] { end += 1 }
            sequence += 1
            let changeSet = MirrorChangeSet(
                mirror: identity.mirror, device: identity.device, deviceName: identity.deviceName,
                sequence: sequence, records: Array(states[start..<end]))
            let data: Data
            do { data = try encoder.encode(changeSet) } catch { throw MirrorError.encryptionFailed(reason: "\(error)") }
            let sealed = try vault.seal(data)
            defer { vault.discard(sealed) }
            try remote.upload(
                sealed.temporaryURL, as: MirrorChangeSet.path(device: identity.device, sequence: sequence))
            summary.sentBytes +=
                (try? FileManager.default.attributesOfItem(atPath: sealed.temporaryURL.path)[.size] as? Int64)
                ?? Int64(data.count)
            summary.sentChangeSets += 1
            start = end
        }
        summary.sentObjects += states.count
        for record in pending where record["pending", as: Bool.self] == true { record["pending"] = false }
        try book.set(Setting.sequence, String(sequence))
        try book.save()
    }

    /// The identity of the object `state`'s object is a part of (its entry, for a medium).
    func owner(of state: MirrorRecordState, shapes: MirrorShape.Cache) -> String? {
        guard let entity = coordinator.managedObjectModel.entity(named: state.entity),
            let key = shapes.shape(of: entity).ownerKey
        else { return nil }
        return state.links[key]?.first
    }

    /// The whole state of `record`'s object as a change set carries it.
    func state(of record: ManagedObject, book: MirrorBook, shapes: MirrorShape.Cache) -> MirrorRecordState? {
        guard let identity = record["identity", as: String.self],
            let entityName = record["entityName", as: String.self],
            let clock = book.clock(of: record)
        else { return nil }
        var state = MirrorRecordState(id: identity, entity: entityName, clock: clock)
        guard clock.gone == nil, let object = book.linkedObject(of: record) else { return state }
        let shape = shapes.shape(of: object.entity)
        for attribute in shape.attributes {
            if let value = MirrorValue(object.mirroredValue(at: attribute.index)) {
                state.values[attribute.name] = value
            }
        }
        for link in shape.links {
            switch link.kind {
            case .toOne:
                if let destination = object.value(forKey: link.name) as? ManagedObject,
                    let target = (try? book.record(of: destination))??["identity", as: String.self]
                {
                    state.links[link.name] = [target]
                } else {
                    state.links[link.name] = []
                }
            case .ordered:
                state.links[link.name] = object.orderedValue(forKey: link.name).array.compactMap {
                    (try? book.record(of: $0))??["identity", as: String.self]
                }
            case .members:
                break  // in the clock's member sets
            }
        }
        return state
    }
}
