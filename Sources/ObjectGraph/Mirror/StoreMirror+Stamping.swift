import Foundation

extension StoreMirror {
    /// Stamps what was saved here since the last sync: every insert, update and delete the
    /// persistent history recorded after the kept token (the mirror's own saves left out), each
    /// with the stamp of its save's time, and marks the records for the next change set. The
    /// first sync (or one whose history was pruned past the token) stamps every object as new.
    /// Saves the records and the token in one transaction, then prunes the history stamped.
    func stampLocalChanges(_ book: MirrorBook, clock: inout MirrorClock, shapes: MirrorShape.Cache) throws {
        let context = book.context
        let current = try context.currentHistoryToken()
        let transactions = try localTransactions(book)
        var sawDeletion = false
        var deleted: [ObjectID] = []
        if let transactions {
            for transaction in transactions {
                if let current, transaction.token > current { break }
                let stamp = clock.stamp(at: deviceTime(transaction.timestamp))
                for change in transaction.changes where isMirrored(change.objectID.entityName) {
                    switch change.kind {
                    case .insert:
                        if let object = try? context.existingObject(with: change.objectID) {
                            try note(object, keys: nil, stamp: stamp, book: book, shapes: shapes)
                        }
                    case .update:
                        if let object = try? context.existingObject(with: change.objectID) {
                            try note(object, keys: change.updatedKeys, stamp: stamp, book: book, shapes: shapes)
                        }
                    case .delete:
                        sawDeletion = true
                        deleted.append(change.objectID)
                    }
                }
            }
        } else {
            let stamp = clock.stamp(at: deviceTime(Date()))
            for entity in book.model.entities where !entity.isAbstract && isMirrored(entity.name) {
                var request = FetchRequest(ManagedObject.self, entityName: entity.name)
                request.includesSubentities = false
                for object in try context.fetch(request) {
                    try note(object, keys: nil, stamp: stamp, book: book, shapes: shapes)
                }
            }
            sawDeletion = true
        }
        if sawDeletion {
            // A record whose link the store nulled (or whose object the history says went) lost
            // its object here.
            let stamp = clock.stamp(at: deviceTime(Date()))
            var lost = try book.lostRecords()
            for id in deleted { if let record = try book.record(ofObjectWith: id) { lost.append(record) } }
            let lostIdentities = Set(lost.compactMap { $0["identity", as: String.self] })
            let known = knowledge(book, device: clock.device, now: stamp)
            for record in lost {
                guard var recordClock = book.clock(of: record), recordClock.gone == nil else { continue }
                let seen = recordClock.latest
                recordClock.seen = seen
                recordClock.gone = stamp
                let entity = record["entityName", as: String.self].flatMap { book.model.entity(named: $0) }
                let shape = entity.map { shapes.shape(of: $0) }
                if let shape, !shape.partKeys.isEmpty {
                    // An owner of parts: which of its parts this deletion saw.
                    recordClock.knew = known
                }
                if let shape, shape.ownerKey != nil, let identity = record["identity", as: String.self] {
                    if Self.isDeletedWithOwner(part: identity, lost: lostIdentities) {
                        recordClock.withOwner = true
                    } else {
                        recordClock.withOwner = nil
                        recordClock.directSeen = max(recordClock.directSeen ?? seen, seen)
                    }
                }
                book.setClock(recordClock, of: record, pending: true)
                if let entity { book.link(record, to: nil, entity: entity) }
            }
        }
        if let current, let text = try? JSONEncoder().encode(current) {
            try book.set(Setting.historyToken, String(decoding: text, as: UTF8.self))
        }
        if let last = clock.last { try book.set(Setting.clock, last.description) }
        try book.save()
        if let current { _ = try? context.deleteHistory(through: current) }
    }

    /// The transactions saved here since the last sync (the mirror's own left out); nil when
    /// every object counts as new: before the first sync, or when the history was pruned past
    /// the kept token.
    func localTransactions(_ book: MirrorBook) throws -> [PersistentHistoryTransaction]? {
        guard
            let kept = book.setting(Setting.historyToken).flatMap({
                try? JSONDecoder().decode(PersistentHistoryToken.self, from: Data($0.utf8))
            })
        else { return nil }
        var filter = PersistentHistoryFilter()
        filter.excludedAuthors = [Self.transactionAuthor]
        do {
            return try book.context.fetchHistory(after: kept, matching: filter)
        } catch PersistentHistoryError.expiredToken {
            return nil
        } catch PersistentHistoryError.tokenOfAnotherStore {
            return nil
        }
    }

    /// How many objects the next sync sends: those marked for it, those saved since the last
    /// sync, or (before the first) every mirrored object.
    func waitingCount(_ book: MirrorBook) throws -> Int {
        guard let transactions = try localTransactions(book) else {
            var count = 0
            for entity in book.model.entities where !entity.isAbstract && isMirrored(entity.name) {
                var request = FetchRequest(ManagedObject.self, entityName: entity.name)
                request.includesSubentities = false
                count += try book.context.count(for: request)
            }
            return count
        }
        var waiting = Set(try book.pendingRecords().compactMap { $0["identity", as: String.self] })
        for transaction in transactions {
            for change in transaction.changes where isMirrored(change.objectID.entityName) {
                let identity = try book.record(ofObjectWith: change.objectID)?["identity", as: String.self]
                waiting.insert(identity ?? "\(change.objectID)")
            }
        }
        return waiting.count
    }

    /// Whether the part named `part` went with its owner (one of the identities `lost` since the
    /// last sync) rather than alone. A part's identity made from its owner's begins with it
    /// (`owner/Part:value`); a random one names no owner, and counts as gone with it (its owner's
    /// revival brings it back). A part deleted alone and then its owner, both since the last sync,
    /// counts as gone with it too: the owner's row, which named it, is gone.
    static func isDeletedWithOwner(part: String, lost: Set<String>) -> Bool {
        guard part.contains("/") else { return true }
        var prefix = Substring(part)
        while let slash = prefix.lastIndex(of: "/") {
            prefix = prefix[..<slash]
            if lost.contains(String(prefix)) { return true }
        }
        return false
    }

    /// Whether objects of entity `name` travel (not the mirror's own, not kept on this device only).
    func isMirrored(_ name: String) -> Bool {
        guard !MirrorBookkeeping.isBookkeeping(name), let entity = coordinator.managedObjectModel.entity(named: name)
        else { return false }
        return !configuration.localEntities.contains(entity.name)
            && !configuration.localEntities.contains(entity.rootName)
    }

    /// Stamps `object`'s changed `keys` (every key, for an insert: nil), making its record when it has none.
    func note(
        _ object: ManagedObject, keys: Set<String>?, stamp: MirrorStamp, book: MirrorBook,
        shapes: MirrorShape.Cache
    ) throws {
        let shape = shapes.shape(of: object.entity)
        let (record, isNew) = try record(for: object, stamp: stamp, book: book, shapes: shapes)
        guard var clock = book.clock(of: record) else { return }
        var changed = isNew
        if isNew {
            for attribute in shape.attributes where shape.textMerging.contains(attribute.name) {
                clock.authors[attribute.name] = configuration.deviceName
            }
        }
        if !isNew, let keys {
            for attribute in shape.attributes where keys.contains(attribute.name) {
                let key = attribute.name, previous = clock.stamp(of: key)
                clock.stamps[key] = stamp
                if shape.textMerging.contains(key) {
                    // The new version was made from the value as it stood: every version in it.
                    var ancestry = clock.ancestry[key] ?? []
                    if let versions = clock.versions.removeValue(forKey: key) {
                        ancestry += versions.flatMap { [$0.stamp] + $0.ancestry }
                    } else {
                        ancestry.append(previous)
                    }
                    clock.ancestry[key] = Array(Set(ancestry).sorted(by: >).prefix(64))
                    clock.authors[key] = configuration.deviceName
                }
                changed = true
            }
        }
        for link in shape.links where isNew || keys?.contains(link.name) ?? true {
            switch link.kind {
            case .toOne, .ordered:
                if !isNew { clock.stamps[link.name] = stamp }
                changed = true
            case .members:
                let members = (object.value(forKey: link.name) as? Set<ManagedObject>) ?? []
                var current = Set<String>()
                for member in members {
                    let (memberRecord, _) = try self.record(for: member, stamp: stamp, book: book, shapes: shapes)
                    if let identity = memberRecord["identity", as: String.self] { current.insert(identity) }
                }
                var sets = clock.members[link.name] ?? [:]
                for identity in current where !(sets[identity]?.isPresent ?? false) {
                    sets[identity, default: MirrorMemberDots()].added.insert(stamp)
                    changed = true
                }
                // A member in the set but not here was removed here only if it is here to be
                // removed: one whose object this store does not have (yet) stays in.
                for (identity, dots) in sets where dots.isPresent && !current.contains(identity) {
                    guard try book.record(identity: identity).flatMap({ book.linkedObject(of: $0) }) != nil else {
                        continue
                    }
                    sets[identity]?.removed.formUnion(dots.added)
                    changed = true
                }
                clock.members[link.name] = sets
            }
        }
        if changed {
            noteWithdrawals(of: object, keys: keys, stamp: stamp, clock: &clock, shapes: shapes)
            book.setClock(clock, of: record, pending: true)
        }
        if let ownerKey = shape.ownerKey, isNew || keys?.contains(ownerKey) ?? true,
            let owner = object.value(forKey: ownerKey) as? ManagedObject,
            let partsKey = object.entity.relationship(named: ownerKey)?.inverse
        {
            try notePart(addedTo: owner, as: partsKey, stamp: stamp, book: book, shapes: shapes)
        }
        // Records are saved a thousand at a time: reading a to-many relationship looks at every
        // unsaved insert of the context, so one save of a whole diary's records took minutes.
        // (A sync killed before the token is saved stamps again; the records it saved stay marked.)
        book.notedSinceSave += 1
        if book.notedSinceSave >= 1000 { try book.save() }
    }

    /// Records what a withdrawing attribute set here saw (every edit of the object this device
    /// had), and that an edit made here while the object was withdrawn saw the withdrawal.
    private func noteWithdrawals(
        of object: ManagedObject, keys: Set<String>?, stamp: MirrorStamp, clock: inout MirrorObjectClock,
        shapes: MirrorShape.Cache
    ) {
        for attribute in shapes.shape(of: object.entity).withdrawing {
            guard object.mirroredValue(at: attribute.index) != .null else { continue }
            let saw = keys?.contains(attribute.name) ?? true ? clock.editsByDevice : [stamp.device: stamp]
            clock.noteWithdrawal(of: attribute.name, saw: saw)
        }
    }

    /// Stamps `owner`'s relationship to its parts for a part added to it: adding a medium edits
    /// its entry, so a deletion of the entry that did not see the medium brings the entry back
    /// (with its media) on every device, and the entry goes with the medium to devices that never
    /// saw it. A new owner needs no stamp (its life is as late).
    private func notePart(
        addedTo owner: ManagedObject, as partsKey: String, stamp: MirrorStamp, book: MirrorBook,
        shapes: MirrorShape.Cache
    ) throws {
        guard isMirrored(owner.entity.name) else { return }
        let (record, isNew) = try record(for: owner, stamp: stamp, book: book, shapes: shapes)
        guard !isNew, var clock = book.clock(of: record), clock.gone == nil, clock.stamp(of: partsKey) < stamp else {
            return
        }
        clock.stamps[partsKey] = stamp
        book.setClock(clock, of: record, pending: true)
    }

    /// `object`'s record, made (or, for an identity seen before whose object went, brought back)
    /// when it has none; whether it is new.
    func record(
        for object: ManagedObject, stamp: MirrorStamp, book: MirrorBook,
        shapes: MirrorShape.Cache
    ) throws -> (ManagedObject, Bool) {
        if let record = try book.record(of: object) { return (record, false) }
        let base = try identity(of: object, book: book, shapes: shapes)
        var identity = base
        var known = try book.record(identity: identity)
        var copy = 1
        while let record = known, let linked = book.linkedObject(of: record), linked != object {
            // Another object here already goes by it (the same photo twice in one entry): this one
            // is the second (third, …) of them, numbered so that a device joining again after
            // leaving names its copies as before, and they stay one object each on every device.
            copy += 1
            identity = base + "~\(copy)"
            known = try book.record(identity: identity)
        }
        if let record = known, var clock = book.clock(of: record) {
            // Made again here (a tag of a name deleted before): a new life for the old identity.
            book.link(record, to: object, entity: object.entity)
            clock = MirrorObjectClock(life: stamp, members: clock.members)
            book.setClock(clock, of: record, pending: true)
            return (record, true)
        }
        let record = try book.makeRecord(
            identity: identity, entity: object.entity, object: object,
            clock: MirrorObjectClock(life: stamp), pending: true)
        return (record, true)
    }

    /// The identity of an object made here: by its identity attribute; for a part of an owner
    /// (a medium of its entry) with a part identity attribute, by its owner's identity and that
    /// attribute's value; else random. Identities from values are the same on every device, so
    /// the same object made on two devices (or made again here after leaving the mirror and
    /// joining again) is one object, not two.
    func identity(of object: ManagedObject, book: MirrorBook, shapes: MirrorShape.Cache) throws -> String {
        let entity = object.entity
        func value(of attribute: String?) -> String? {
            guard let attribute, let value = object.value(forKey: attribute) else { return nil }
            if let uuid = value as? UUID { return uuid.uuidString.lowercased() }
            return "\(value)"
        }
        if let value = value(of: Self.attribute(in: configuration.identityAttributes, of: entity)) {
            return "\(entity.rootName):\(value)"
        }
        if let value = value(of: Self.attribute(in: configuration.partIdentityAttributes, of: entity)),
            let ownerKey = shapes.shape(of: entity).ownerKey,
            let owner = object.value(forKey: ownerKey) as? ManagedObject
        {
            let ownerIdentity: String? =
                if let record = try book.record(of: owner) {
                    record["identity", as: String.self]
                } else if Self.attribute(in: configuration.identityAttributes, of: owner.entity) != nil {
                    try identity(of: owner, book: book, shapes: shapes)
                } else {
                    nil
                }
            if let ownerIdentity, !ownerIdentity.contains(":~") {
                return "\(ownerIdentity)/\(entity.rootName):\(value)"
            }
        }
        return "\(entity.rootName):~" + UUID().uuidString.lowercased()
    }

    /// The attribute `table` names for `entity` (or for its root entity).
    private static func attribute(in table: [String: String], of entity: EntityDescription) -> String? {
        table[entity.name] ?? table[entity.rootName]
    }
}
