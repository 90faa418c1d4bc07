import Foundation

extension StoreMirror {
    /// Applies one change set of another device in the context of `book` (the caller saves):
    /// objects first, then their relationships, once every object of the change set exists.
    func apply(
        _ changeSet: MirrorChangeSet, path: String, book: MirrorBook, clock: inout MirrorClock,
        shapes: MirrorShape.Cache, remote: any MirrorRemote, vault: MirrorVault,
        summary: inout MirrorSyncSummary
    ) throws {
        let model = book.model
        var linking: [(object: ManagedObject, record: ManagedObject, state: MirrorRecordState, isNew: Bool)] = []
        var revived = Set<String>()
        func owner(of object: ManagedObject) -> ManagedObject? {
            shapes.shape(of: object.entity).ownerKey.flatMap { object.value(forKey: $0) as? ManagedObject }
        }
        func isPart(_ object: ManagedObject) -> Bool { owner(of: object) != nil }
        func isPart(_ entity: EntityDescription) -> Bool { shapes.shape(of: entity).ownerKey != nil }
        // Whether `object` lives on against the deletion `deletion`: an edit it did not see wins;
        // a part deleted with its owner also lives on with that owner when the owner does (its
        // revival answers the deletion), but a part deleted alone only by an edit of its own.
        func keeps(
            _ object: ManagedObject, local: MirrorObjectClock, against deletion: MirrorObjectClock,
            revived: Set<String>
        ) -> Bool {
            guard let gone = deletion.gone else { return true }
            let seen = deletion.seen ?? deletion.life
            guard isPart(object) else {
                return local.outlives(gone: gone, seen: seen) || local.hasEdit(unseenBy: deletion)
                    || holdsPartUnseen(object, by: deletion)
            }
            if let alone = deletion.seenByDeletionsAlone, local.latestEdit <= alone { return false }
            // An owner made again since (a device that left and joined again sends its objects
            // anew) is a new life: the parts of the old one went with the deletion, as they do on
            // a device that met the deletion first and brings the owner back from its tombstone.
            let ownerClock = owner(of: object).flatMap { try? book.record(of: $0) }.flatMap { book.clock(of: $0) }
            let renewed = ownerClock.map { $0.life > gone } ?? false
            return local.outlives(gone: gone, seen: seen) || (!renewed && isPartOfRevived(object, revived))
        }
        // Whether `object` holds a part made on a device later than all the deletion had seen of
        // that device: adding it was an edit the deletion did not see.
        func holdsPartUnseen(_ object: ManagedObject, by deletion: MirrorObjectClock) -> Bool {
            guard deletion.knew != nil else { return false }
            for key in shapes.shape(of: object.entity).partKeys {
                let value = object.value(forKey: key)
                let parts = (value as? Set<ManagedObject>).map(Array.init) ?? object.orderedValue(forKey: key).array
                for part in parts {
                    guard let record = try? book.record(of: part), let partClock = book.clock(of: record) else {
                        return true
                    }
                    if !deletion.sawPart(madeAt: partClock.life) { return true }
                }
            }
            return false
        }
        func isPartOfRevived(_ object: ManagedObject, _ revived: Set<String>) -> Bool {
            guard let owner = owner(of: object),
                let identity = (try? book.record(of: owner))??["identity", as: String.self]
            else { return false }
            return revived.contains(identity)
        }
        // Owners deleted here whose deletion did not see a part this change set brings: the part
        // brings them back (as it keeps them where it arrived before the deletion).
        var ownersOfUnseenParts = Set<String>()
        for state in changeSet.records where state.clock.gone == nil {
            guard let entity = model.entity(named: state.entity), let ownerKey = shapes.shape(of: entity).ownerKey,
                let ownerIdentity = state.links[ownerKey]?.first,
                let ownerRecord = try book.record(identity: ownerIdentity),
                let ownerClock = book.clock(of: ownerRecord),
                ownerClock.gone != nil, !ownerClock.sawPart(madeAt: state.clock.life)
            else { continue }
            if let record = try book.record(identity: state.id), book.clock(of: record)?.gone != nil { continue }
            ownersOfUnseenParts.insert(ownerIdentity)
        }
        var named = changeSet.records.map(\.id)
        for state in changeSet.records { named += state.links.values.joined() }
        try book.prefetch(identities: named)
        for state in changeSet.records {
            observe(state.clock, in: &clock)
            guard let entity = model.entity(named: state.entity), !entity.isAbstract, isMirrored(entity.name) else {
                throw MirrorError.cannotApply(
                    path: path,
                    reason: "it names an entity this model does not have (\(state.entity)); update this program")
            }
            let existing = try book.record(identity: state.id)
            guard let existing, let local = book.clock(of: existing) else {
                // An object new here (or a deletion of one never seen: kept as a tombstone).
                if state.clock.gone != nil {
                    _ = try book.makeRecord(
                        identity: state.id, entity: entity, object: nil, clock: state.clock, pending: false)
                    continue
                }
                let object = try book.context.insertObject(entityName: entity.name)
                let record =
                    try existing
                    ?? book.makeRecord(
                        identity: state.id, entity: entity, object: object,
                        clock: state.clock, pending: false)
                if existing != nil {
                    book.link(record, to: object, entity: entity)
                    book.setClock(state.clock, of: record, pending: false)
                }
                try setValues(
                    of: object, from: state, keys: nil, path: path, shapes: shapes, remote: remote, vault: vault,
                    summary: &summary)
                linking.append((object, record, state, true))
                onApply?(object, changeSet.deviceName, state.clock.latest.date, false)
                continue
            }
            let object = book.linkedObject(of: existing)
            if let gone = state.clock.gone {
                var merged = local
                // A part's record keeps the deletions of the part alone apart from those with its owner.
                if isPart(entity) { merged.absorbDeletionsAlone(of: state.clock) }
                merged.absorbEdits(of: state.clock)
                if local.gone != nil || object == nil {
                    merged.absorbKnowledge(of: state.clock)
                    merged.gone = max(local.gone ?? gone, gone)
                    merged.seen = max(local.seen ?? state.clock.seen ?? gone, state.clock.seen ?? gone)
                    merged.absorbStamps(of: state.clock)
                    merged.absorbMembers(of: state.clock)
                    book.setClock(merged, of: existing, pending: false)
                } else if let object, keeps(object, local: local, against: state.clock, revived: revived) {
                    // Edited without the deleting device seeing it: the edit wins, and the object
                    // (with its parts) lives on, marked revived just after the deletion, which
                    // every other device then also keeps. Every device that keeps it against this
                    // deletion marks it so alike, so all end with the same clock (a device joining
                    // from a snapshot included), however many of them revived it.
                    // It keeps the member removals the deleting device had seen, as every device
                    // bringing it back from its tombstone does.
                    merged.revived = max(local.revived ?? gone.justAfter, gone.justAfter)
                    merged.absorbMembers(of: state.clock)
                    merged.cut = max(merged.cut ?? gone, state.clock.seen ?? gone)
                    cutVersions(of: object, clock: &merged, shapes: shapes)
                    // The edits the deletion brings may undo a withdrawal that had not seen them.
                    _ = settleWithdrawals(of: object, clock: &merged, shapes: shapes)
                    clock.observe(gone.justAfter)
                    book.setClock(merged, of: existing, pending: true)
                    setMembers(of: object, record: existing, clock: merged, book: book, shapes: shapes)
                    revived.insert(state.id)
                    if !isPart(object) {
                        summary.revived.append(state.id)
                        onRevive?(object)
                    }
                } else if let object {
                    onApply?(object, changeSet.deviceName, gone.date, true)
                    book.link(existing, to: nil, entity: entity)
                    book.context.delete(object)
                    merged.gone = gone
                    merged.seen = state.clock.seen
                    merged.knew = state.clock.knew
                    merged.absorbMembers(of: state.clock)
                    book.setClock(merged, of: existing, pending: false)
                }
                continue
            }
            if local.gone != nil || object == nil {
                // Deleted here: only a state the deletion did not see brings it back.
                let seen = local.seen ?? local.gone ?? local.life
                let unseenPart = ownersOfUnseenParts.contains(state.id)
                let outlived =
                    state.clock.outlives(gone: local.gone ?? seen, seen: seen)
                    || (!isPart(entity) && state.clock.hasEdit(unseenBy: local))
                    || state.clock.life > (local.gone ?? local.life) || unseenPart
                let aloneOutlived =
                    !isPart(entity) || local.seenByDeletionsAlone.map { state.clock.latestEdit > $0 } ?? true
                guard outlived, aloneOutlived else {
                    var merged = local
                    merged.absorbStamps(of: state.clock)
                    merged.absorbMembers(of: state.clock)
                    merged.absorbEdits(of: state.clock)
                    if merged != local { book.setClock(merged, of: existing, pending: false) }
                    continue
                }
                let object = try book.context.insertObject(entityName: entity.name)
                book.link(existing, to: object, entity: entity)
                // Back with the state's values, and the member removals its tombstone learnt.
                var revivedClock = state.clock
                revivedClock.absorbMembers(of: local)
                revivedClock.absorbEdits(of: local)
                if let seen = local.seen { revivedClock.cut = max(revivedClock.cut ?? seen, seen) }
                if unseenPart, let gone = local.gone {
                    // Marked as the devices that kept it against the deletion mark it.
                    revivedClock.revived = max(revivedClock.revived ?? gone.justAfter, gone.justAfter)
                    clock.observe(gone.justAfter)
                }
                try setValues(
                    of: object, from: state, keys: nil, path: path, shapes: shapes, remote: remote, vault: vault,
                    summary: &summary)
                cutVersions(of: object, clock: &revivedClock, shapes: shapes)
                let received = revivedClock.withdrawalsUndone
                _ = settleWithdrawals(of: object, clock: &revivedClock, shapes: shapes)
                book.setClock(revivedClock, of: existing, pending: revivedClock.withdrawalsUndone != received)
                linking.append((object, existing, state, true))
                summary.revived.append(state.id)
                onRevive?(object)
                continue
            }
            guard let object else { continue }
            var merged = local
            merged.absorbEdits(of: state.clock)
            if let theirs = state.clock.cut, merged.cut.map({ theirs > $0 }) ?? true { merged.cut = theirs }
            var taken = Set<String>()
            let shape = shapes.shape(of: object.entity)
            for attribute in shape.attributes {
                let key = attribute.name
                let theirs = state.clock.stamp(of: key), ours = local.stamp(of: key)
                if shape.textMerging.contains(key) {
                    let current = object.mirroredValue(at: attribute.index).string
                    if mergeText(
                        key: key, index: attribute.index, object: object, current: current, local: local,
                        state: state, into: &merged)
                    {
                        summary.conflicts.append(state.id)
                    }
                    continue
                }
                if theirs <= ours { continue }
                merged.stamps[key] = theirs
                taken.insert(key)
            }
            // The last part added (no value: the parts name their owner), for a later deletion's `seen`.
            for key in shape.partKeys where state.clock.stamp(of: key) > local.stamp(of: key) {
                merged.stamps[key] = state.clock.stamp(of: key)
            }
            if let theirs = state.clock.revived, merged.revived.map({ theirs > $0 }) ?? true { merged.revived = theirs }
            if !taken.isEmpty {
                try setValues(
                    of: object, from: state, keys: taken, path: path, shapes: shapes, remote: remote, vault: vault,
                    summary: &summary)
                onApply?(object, changeSet.deviceName, state.clock.latest.date, false)
            }
            let received = merged.withdrawalsUndone
            if settleWithdrawals(of: object, clock: &merged, shapes: shapes) {
                summary.revived.append(state.id)
                onRevive?(object)
            }
            // An undoing decided here goes to the devices that may not decide it themselves.
            book.setClock(merged, of: existing, pending: merged.withdrawalsUndone != received)
            linking.append((object, existing, state, false))
        }
        for item in linking {
            try setLinks(
                of: item.object, record: item.record, from: item.state, isNew: item.isNew, book: book, shapes: shapes)
        }
        // Objects new here may be members other objects' sets already named (a tag another
        // device's change set brought after a note naming it): those sets are resolved again.
        if linking.contains(where: \.isNew) && !book.unresolvedOwners.isEmpty {
            try resolveMembers(book: book, shapes: shapes)
        }
        summary.received[changeSet.deviceName, default: 0] += changeSet.records.count
    }

    /// Merges the versions of text attribute `key` both sides hold: those no other was made
    /// from stand; one standing is the value, several are rendered latest first, each other one
    /// after a conflict line. True when this makes a conflict that was not here before.
    private func mergeText(
        key: String, index: Int, object: ManagedObject, current: String?, local: MirrorObjectClock,
        state: MirrorRecordState, into merged: inout MirrorObjectClock
    ) -> Bool {
        func versions(_ clock: MirrorObjectClock, _ text: String?) -> [MirrorTextVersion] {
            clock.versions[key] ?? [
                MirrorTextVersion(
                    stamp: clock.stamp(of: key), text: text, ancestry: clock.ancestry[key] ?? [],
                    author: clock.authors[key] ?? clock.stamp(of: key).device)
            ]
        }
        var theirText: String? = nil
        if case .string(let text)? = state.values[key] { theirText = text }
        let ours = versions(local, current), theirs = versions(state.clock, theirText)
        var all: [MirrorStamp: MirrorTextVersion] = [:]
        for version in ours + theirs { all[version.stamp] = version }
        let standing = Self.afterCut(
            all.values.filter { version in
                !all.values.contains { $0.stamp != version.stamp && $0.ancestry.contains(version.stamp) }
            }, merged.cut)
        guard Set(standing.map(\.stamp)) != Set(ours.map(\.stamp)) else { return false }
        return render(standing, key: key, index: index, object: object, ours: ours, into: &merged)
    }

    /// `standing` (latest first) without the versions a deletion the object outlived had seen
    /// (stamped no later than `cut`), while one made after it stands.
    private static func afterCut(_ standing: [MirrorTextVersion], _ cut: MirrorStamp?) -> [MirrorTextVersion] {
        let sorted = standing.sorted { $0.stamp > $1.stamp }
        guard let cut, sorted.contains(where: { $0.stamp > cut }) else { return sorted }
        return sorted.filter { $0.stamp > cut }
    }

    /// Drops from `object`'s texts the versions its clock's cut says a deletion saw (see
    /// ``MirrorObjectClock/cut``), once the object outlived that deletion.
    private func cutVersions(of object: ManagedObject, clock: inout MirrorObjectClock, shapes: MirrorShape.Cache) {
        let shape = shapes.shape(of: object.entity)
        for attribute in shape.attributes where shape.textMerging.contains(attribute.name) {
            guard let versions = clock.versions[attribute.name] else { continue }
            let standing = Self.afterCut(versions, clock.cut)
            if standing.count < versions.count {
                _ = render(
                    standing, key: attribute.name, index: attribute.index, object: object, ours: versions, into: &clock)
            }
        }
    }

    /// Makes `standing` (latest first, not empty) the versions of text attribute `key`: one is
    /// the value, several are rendered latest first, each other one after a conflict line. True
    /// when this makes a conflict where `ours` had none.
    private func render(
        _ standing: [MirrorTextVersion], key: String, index: Int, object: ManagedObject,
        ours: [MirrorTextVersion], into merged: inout MirrorObjectClock
    ) -> Bool {
        guard let latest = standing.first else { return false }
        merged.stamps[key] = latest.stamp
        merged.ancestry[key] = latest.ancestry
        merged.authors[key] = latest.author
        if standing.count == 1 {
            merged.versions[key] = nil
            object.setMirroredValue(latest.text.map(StoredValue.string) ?? .null, at: index)
            return false
        }
        merged.versions[key] = standing
        // Versions of the same text are one text (a device that left and joined again sends its
        // texts anew): only different texts are shown side by side, and only they are a conflict.
        let shown = Self.distinctTexts(standing)
        if shown.count == 1 {
            object.setMirroredValue(latest.text.map(StoredValue.string) ?? .null, at: index)
            return false
        }
        var text = latest.text ?? ""
        for version in shown.dropFirst() {
            text +=
                "\n\n" + configuration.conflictLine(version.author, version.stamp.date) + "\n" + (version.text ?? "")
        }
        object.setMirroredValue(.string(text), at: index)
        return Self.distinctTexts(ours).count == 1
    }

    /// `versions` (latest first) without those whose text an earlier one already has.
    private static func distinctTexts(_ versions: [MirrorTextVersion]) -> [MirrorTextVersion] {
        var seen = Set<String?>()
        return versions.filter { seen.insert($0.text).inserted }
    }

    /// Clears `object`'s withdrawing attributes (see ``MirrorConfiguration/withdrawingAttributes``)
    /// whose setting an edit it had not seen undid, marking the undoing in `clock` for every other
    /// device; true when the object came back here.
    func settleWithdrawals(
        of object: ManagedObject, clock: inout MirrorObjectClock, shapes: MirrorShape.Cache
    ) -> Bool {
        var cameBack = false
        for attribute in shapes.shape(of: object.entity).withdrawing {
            guard object.mirroredValue(at: attribute.index) != .null, clock.undoesWithdrawal(of: attribute.name)
            else { continue }
            clock.withdrawalsUndone.raise(attribute.name, to: clock.stamp(of: attribute.name))
            object.setMirroredValue(.null, at: attribute.index)
            cameBack = true
        }
        return cameBack
    }

    private func observe(_ objectClock: MirrorObjectClock, in clock: inout MirrorClock) {
        clock.observe(objectClock.latest)
        if let gone = objectClock.gone { clock.observe(gone) }
    }

    /// Sets `object`'s attributes `keys` (all when nil) to `state`'s values, media fetched and staged.
    private func setValues(
        of object: ManagedObject, from state: MirrorRecordState, keys: Set<String>?, path: String,
        shapes: MirrorShape.Cache, remote: any MirrorRemote, vault: MirrorVault,
        summary: inout MirrorSyncSummary
    ) throws {
        for attribute in shapes.shape(of: object.entity).attributes where keys?.contains(attribute.name) ?? true {
            guard let value = state.values[attribute.name] else {
                object.setMirroredValue(.null, at: attribute.index)
                continue
            }
            guard case .blob(let reference) = value else {
                object.setMirroredValue(value.stored, at: attribute.index)
                continue
            }
            if case .blob(let current) = object.mirroredValue(at: attribute.index), current == reference { continue }
            guard let blobStore = try coordinator.store().blobStore else {
                throw MirrorError.cannotApply(path: path, reason: "this store keeps no media")
            }
            if blobStore.contains(sha256: reference.sha256) {
                object.setMirroredValue(.blob(reference), at: attribute.index)
                continue
            }
            let download = vault.downloadURL()
            defer { try? FileManager.default.removeItem(at: download) }
            let remotePath = vault.remotePath(ofBlob: reference.sha256)
            try remote.download(remotePath, to: download)
            guard let staged = vault.unseal(download, as: reference, into: blobStore) else {
                throw MirrorError.cannotApply(path: path, reason: "its medium \(remotePath) fails authentication")
            }
            try object.setBinaryValue(staged, forKey: attribute.name)
            summary.receivedBlobs += 1
        }
    }

    /// Sets again the to-many members of the objects whose member sets named members this store
    /// did not have yet (kept in ``MirrorBook/unresolvedOwners``), now that new objects arrived.
    private func resolveMembers(book: MirrorBook, shapes: MirrorShape.Cache) throws {
        for owner in book.unresolvedOwners {
            guard let record = try book.record(identity: owner), let object = book.linkedObject(of: record),
                let clock = book.clock(of: record), clock.gone == nil
            else {
                book.unresolvedOwners.remove(owner)
                continue
            }
            var complete = true
            for link in shapes.shape(of: object.entity).links where link.kind == .members {
                guard let sets = clock.members[link.name] else { continue }
                let present = sets.filter(\.value.isPresent).keys
                let members = present.compactMap { try? book.record(identity: $0) }.compactMap {
                    book.linkedObject(of: $0)
                }
                if members.count < present.count { complete = false }
                let current = (object.value(forKey: link.name) as? Set<ManagedObject>) ?? []
                if Set(members.map(ObjectIdentifier.init)) != Set(current.map(ObjectIdentifier.init)) {
                    object.setValue(Set(members), forKey: link.name)
                }
            }
            if complete { book.unresolvedOwners.remove(owner) }
        }
    }

    /// Sets `object`'s relationships from `state`: to-one and ordered links whose stamp is
    /// newer, member sets merged.
    private func setLinks(
        of object: ManagedObject, record: ManagedObject, from state: MirrorRecordState, isNew: Bool,
        book: MirrorBook, shapes: MirrorShape.Cache
    ) throws {
        guard var clock = book.clock(of: record) else { return }
        let before = clock
        func resolve(_ identity: String) -> ManagedObject? {
            (try? book.record(identity: identity))?.flatMap { book.linkedObject(of: $0) }
        }
        for link in shapes.shape(of: object.entity).links {
            switch link.kind {
            case .toOne, .ordered:
                // A new object's clock is the state's; an existing one took newer stamps above.
                let theirs = state.clock.stamp(of: link.name)
                guard isNew || theirs >= clock.stamp(of: link.name) else { continue }
                if !isNew { clock.stamps[link.name] = theirs }
                let targets = (state.links[link.name] ?? []).compactMap(resolve)
                if link.kind == .toOne {
                    let target = targets.first
                    if (object.value(forKey: link.name) as? ManagedObject) !== target {
                        object.setValue(target, forKey: link.name)
                    }
                } else {
                    object.setOrderedValue(targets, forKey: link.name)
                }
            case .members:
                // A new object's clock is the state's (with what its tombstone here learnt).
                var sets = clock.members[link.name] ?? [:]
                for (identity, dots) in state.clock.members[link.name] ?? [:] {
                    sets[identity] = (sets[identity] ?? MirrorMemberDots()).merged(with: dots)
                }
                clock.members[link.name] = sets
                setMembers(of: object, record: record, link: link.name, sets: sets, book: book)
            }
        }
        if clock != before { book.setClock(clock, of: record, pending: false) }
    }

    /// Sets every to-many relationship of `object` to the members `clock`'s sets hold.
    private func setMembers(
        of object: ManagedObject, record: ManagedObject, clock: MirrorObjectClock, book: MirrorBook,
        shapes: MirrorShape.Cache
    ) {
        for link in shapes.shape(of: object.entity).links where link.kind == .members {
            setMembers(of: object, record: record, link: link.name, sets: clock.members[link.name] ?? [:], book: book)
        }
    }

    /// Sets `object`'s to-many relationship `link` to the members present in `sets`, noting the
    /// object for later when a member is not in this store yet.
    private func setMembers(
        of object: ManagedObject, record: ManagedObject, link: String, sets: [String: MirrorMemberDots],
        book: MirrorBook
    ) {
        func resolve(_ identity: String) -> ManagedObject? {
            (try? book.record(identity: identity))?.flatMap { book.linkedObject(of: $0) }
        }
        let members = sets.filter(\.value.isPresent).keys.compactMap(resolve)
        let current = (object.value(forKey: link) as? Set<ManagedObject>) ?? []
        if members.count < sets.values.filter(\.isPresent).count, let identity = record["identity", as: String.self] {
            // A member this store does not have yet: set again when it arrives.
            book.unresolvedOwners.insert(identity)
        }
        if Set(members.map(ObjectIdentifier.init)) != Set(current.map(ObjectIdentifier.init)) {
            object.setValue(Set(members), forKey: link)
        }
    }
}

extension StoredValue {
    fileprivate var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
