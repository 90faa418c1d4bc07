import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// Store options that record persistent history.
private var historyOptions: PersistentStoreOptions {
    var options = PersistentStoreOptions()
    options.recordsPersistentHistory = true
    return options
}

/// A note saved in `context` (inserted, given `name` and `text`).
@discardableResult
private func insertNote(_ name: String, text: String? = nil, in context: ManagedObjectContext) throws -> ManagedObject {
    let note = try context.insertObject(entityName: "Note")
    note["name"] = name
    if let text { note["text"] = text }
    return note
}

@Suite("Persistent history")
struct PersistentHistoryTests {
    @Test(
        "each save records a transaction with author, context name, the objects and the changed keys",
        arguments: allStoreTypes)
    func recordsEachSave(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type, options: historyOptions)
        let context = stack.context
        context.transactionAuthor = "importer"
        context.name = "main"
        let before = Date()
        let first = try insertNote("a", in: context), second = try insertNote("b", in: context)
        try context.save()
        first["text"] = "changed"
        first["stars"] = 3
        context.delete(second)
        context.transactionAuthor = "editor"
        try context.save()

        let history = try context.fetchHistory(after: nil)
        try #require(history.count == 2)
        #expect(history.map(\.author) == ["importer", "editor"])
        #expect(history.map(\.contextName) == ["main", "main"])
        #expect(
            history[0].timestamp >= before.addingTimeInterval(-1)
                && history[1].timestamp <= Date().addingTimeInterval(1))
        #expect(history[0].token < history[1].token)
        #expect(history[0].changes.map(\.kind) == [.insert, .insert])
        #expect(Set(history[0].changes.map(\.objectID)) == [first.objectID, second.objectID])
        #expect(history[0].changes.allSatisfy { $0.updatedKeys == nil })
        #expect(
            history[1].changes == [
                PersistentHistoryChange(kind: .update, objectID: first.objectID, updatedKeys: ["text", "stars"]),
                PersistentHistoryChange(kind: .delete, objectID: second.objectID, updatedKeys: nil)
            ])
        #expect(try context.fetchHistory(after: history[0].token) == [history[1]])
        #expect(try context.fetchHistory(after: history[1].token).isEmpty)
        #expect(try context.currentHistoryToken() == history[1].token)
        #expect(
            history[1].saveSummary == SaveSummary(inserted: [], updated: [first.objectID], deleted: [second.objectID]))
    }

    @Test("a value set with setPrimitiveValue (as willSave does) is among the updated keys", arguments: allStoreTypes)
    func primitiveChangesAreRecorded(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type, options: historyOptions)
        let note = try insertNote("a", text: "before", in: stack.context)
        try stack.context.save()
        note["stars"] = 2
        note.setPrimitiveValue("after", forKey: "text")
        try stack.context.save()
        let last = try #require(try stack.context.fetchHistory(after: nil).last)
        #expect(last.changes.first?.updatedKeys == ["stars", "text"])
    }

    @Test(
        "a batch delete is one transaction of the context's author and name, naming every row deleted",
        arguments: allStoreTypes)
    func batchDeleteIsRecorded(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type, options: historyOptions)
        let notes = try ["a", "b", "c"].map { try insertNote($0, in: stack.context) }
        try stack.context.save()
        let before = try stack.context.currentHistoryToken()
        stack.context.transactionAuthor = "sweeper"
        stack.context.name = "cleanup"
        let result = try stack.context.execute(
            BatchDeleteRequest(
                entityName: "Note",
                predicate: try FetchPredicate(format: "name != %@", "b")))
        #expect(result.count == 2)
        // Another coordinator on the same store learns of it through the history, as of a save.
        let history = try stack.newContext().fetchHistory(after: before)
        try #require(history.count == 1)
        #expect(history[0].author == "sweeper" && history[0].contextName == "cleanup")
        #expect(history[0].changes.allSatisfy { $0.kind == .delete })
        #expect(Set(history[0].changes.map(\.objectID)) == [notes[0].objectID, notes[2].objectID])
    }

    @Test("history is off unless the store option asks for it", arguments: allStoreTypes)
    func offByDefault(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type)
        try insertNote("a", in: stack.context)
        try stack.context.save()
        #expect(try stack.context.fetchHistory(after: nil).isEmpty)
        #expect(try stack.context.currentHistoryToken() == nil)
        if type == .sqlite, let url = stack.storeURL {
            #expect(try sqliteRows("SELECT name FROM sqlite_master WHERE name LIKE 'Z_HISTORY%'", at: url).isEmpty)
        }
    }

    @Test(
        "a fetched transaction merged into another context refreshes its objects and removes deleted ones",
        arguments: allStoreTypes)
    func mergeIntoAnotherContext(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type, options: historyOptions)
        let writer = stack.context
        try insertNote("keep", text: "old", in: writer)
        try insertNote("gone", in: writer)
        try writer.save()
        let reader = stack.newContext()
        let notes = try fetchAll("Note", in: reader, sortedBy: "name")
        let (gone, keep) = (notes[0], notes[1])
        #expect(keep.value(forKey: "text") as? String == "old")
        let token = try #require(try reader.currentHistoryToken())

        let kept = try fetchAll("Note", in: writer, sortedBy: "name")
        kept[1]["text"] = "new"
        writer.delete(kept[0])
        try insertNote("added", in: writer)
        try writer.save()

        var changed: ObjectChanges?
        let observer = reader.addObserver { if case .objectsDidChange(let changes) = $0 { changed = changes } }
        defer { reader.removeObserver(observer) }
        let transactions = try reader.fetchHistory(after: token)
        try #require(transactions.count == 1)
        reader.mergeChanges(fromHistory: transactions[0])
        #expect(keep.value(forKey: "text") as? String == "new")
        #expect(!keep.hasChanges)
        #expect(gone.managedObjectContext == nil)
        #expect(!reader.registeredObjects.contains(gone))
        #expect(changed?.updated.map(\.objectID) == [keep.objectID])
        #expect(changed?.deleted.map(\.objectID) == [gone.objectID])
        #expect(changed?.inserted.count == 1)
        #expect(
            try fetchAll("Note", in: reader, sortedBy: "name").compactMap { $0.value(forKey: "name") as? String } == [
                "added", "keep"
            ])
    }

    @Test("a merge keeps the reading context's unsaved edits of other keys", arguments: allStoreTypes)
    func mergeKeepsUnsavedEdits(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type, options: historyOptions)
        try insertNote("n", text: "old", in: stack.context)
        try stack.context.save()
        let reader = stack.newContext()
        let note = try #require(try fetchAll("Note", in: reader).first)
        let token = try reader.currentHistoryToken()
        note["stars"] = 4
        try #require(try fetchAll("Note", in: stack.context).first)["text"] = "theirs"
        try stack.context.save()
        for transaction in try reader.fetchHistory(after: token) { reader.mergeChanges(fromHistory: transaction) }
        #expect(note.value(forKey: "text") as? String == "theirs")
        #expect(note.value(forKey: "stars") as? Int64 == 4)
        try reader.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Note", in: stack.context).first)
        #expect(stored.value(forKey: "text") as? String == "theirs" && stored.value(forKey: "stars") as? Int64 == 4)
    }

    @Test(
        "a merge of a key edited on both sides keeps the reader's value and its save writes it, as a refresh does",
        arguments: allStoreTypes)
    func mergeOfAClashAgreesWithRefresh(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type, options: historyOptions)
        try insertNote("n", text: "old", in: stack.context)
        try stack.context.save()
        let reader = stack.newContext()
        let note = try #require(try fetchAll("Note", in: reader).first)
        let token = try reader.currentHistoryToken()
        note["text"] = "mine"
        let writer = stack.newContext()
        let theirs = try #require(try fetchAll("Note", in: writer).first)
        theirs["text"] = "theirs"
        theirs["stars"] = 2
        try writer.save()
        for transaction in try reader.fetchHistory(after: token) { reader.mergeChanges(fromHistory: transaction) }
        #expect(note.value(forKey: "text") as? String == "mine")
        #expect(note.value(forKey: "stars") as? Int64 == 2)
        try reader.save()
        let stored = try #require(try fetchAll("Note", in: stack.newContext()).first)
        #expect(stored.value(forKey: "text") as? String == "mine" && stored.value(forKey: "stars") as? Int64 == 2)
    }

    @Test(
        "tokens are Codable, survive reopening, and numbers are never given twice after pruning",
        arguments: [PersistentStoreType.sqlite, .binary])
    func tokensSurviveReopening(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type, options: historyOptions)
        try insertNote("a", in: stack.context)
        try stack.context.save()
        let token = try #require(try stack.context.currentHistoryToken())
        let kept = try JSONEncoder().encode(token)
        try insertNote("b", in: stack.context)
        try stack.context.save()
        try stack.reopen()
        let decoded = try JSONDecoder().decode(PersistentHistoryToken.self, from: kept)
        #expect(decoded == token)
        let later = try stack.context.fetchHistory(after: decoded)
        #expect(later.count == 1 && later.first?.changes.map(\.kind) == [.insert])
        let last = try #require(later.first?.token)
        #expect(try stack.context.deleteHistory(through: last) == 2)
        #expect(try stack.context.fetchHistory(after: nil).isEmpty)
        try stack.reopen()
        try insertNote("c", in: stack.context)
        try stack.context.save()
        let fresh = try stack.context.fetchHistory(after: last)
        #expect(fresh.count == 1)
        #expect(try #require(fresh.first?.token) > last)
        // The first token's successor was pruned: what came after it cannot be told any more.
        #expect(throws: PersistentHistoryError.expiredToken(token: decoded)) {
            try stack.context.fetchHistory(after: decoded)
        }
    }

    @Test("a token of another store is refused")
    func tokenOfAnotherStore() throws {
        let one = try TestStack(model: noteModel, type: .sqlite, options: historyOptions)
        let other = try TestStack(model: noteModel, type: .sqlite, options: historyOptions)
        try insertNote("a", in: one.context)
        try one.context.save()
        let token = try #require(try one.context.currentHistoryToken())
        #expect(
            throws: PersistentHistoryError.tokenOfAnotherStore(
                token: token, storeIdentifier: other.coordinator.persistentStores[0].identifier)
        ) {
            try other.context.fetchHistory(after: token)
        }
    }

    @Test("history is pruned up to a token or before a date, later transactions kept", arguments: allStoreTypes)
    func pruning(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type, options: historyOptions)
        for name in ["a", "b", "c"] {
            try insertNote(name, in: stack.context)
            try stack.context.save()
        }
        let all = try stack.context.fetchHistory(after: nil)
        try #require(all.count == 3)
        #expect(try stack.context.deleteHistory(through: all[0].token) == 1)
        #expect(try stack.context.fetchHistory(after: nil) == Array(all[1...]))
        #expect(try stack.context.deleteHistory(before: all[1].timestamp) == 0)
        // After a date is strictly after: resuming from the last processed timestamp never
        // processes that transaction twice (Core Data's fetchHistory(after: Date)).
        #expect(try stack.context.fetchHistory(after: all[2].timestamp).isEmpty)
        #expect(try !stack.context.fetchHistory(after: all[1].timestamp).map(\.token).contains(all[1].token))
        #expect(try stack.context.fetchHistory(after: all[1].timestamp).map(\.token).contains(all[2].token))
        #expect(try stack.context.deleteHistory(before: Date().addingTimeInterval(1)) == 2)
        #expect(try stack.context.fetchHistory(after: nil).isEmpty)
        // Pruning touches no object.
        #expect(try fetchAll("Note", in: stack.newContext()).count == 3)
    }

    @Test("a save that fails records no history (the record is part of the save's transaction)")
    func failedSaveRecordsNothing() throws {
        let editors = try TwoEditors(options: historyOptions)
        let recorded = try editors.mine.fetchHistory(after: nil).count
        editors.theirNote["text"] = "theirs"
        try editors.theirs.save()
        editors.myNote["text"] = "mine"
        #expect(throws: ConcurrencyError.self) { try editors.mine.save() }
        #expect(try editors.mine.fetchHistory(after: nil).count == recorded + 1)
    }

    @Test("a save of many inserts records one change row of key runs, written in the save's transaction")
    func compactRecord() throws {
        let stack = try TestStack(model: noteModel, type: .sqlite, options: historyOptions)
        for index in 0..<1000 { try insertNote("n\(index)", in: stack.context) }
        try stack.context.save()
        let url = try #require(stack.storeURL)
        #expect(
            try sqliteRows("SELECT \"kind\", \"entity\", \"changedKeys\", \"keys\" FROM \"Z_HISTORY_CHANGE\"", at: url)
                == [["0", "Note", nil, "1-1000"]])
        let history = try stack.context.fetchHistory(after: nil)
        #expect(history.count == 1 && history[0].changes.count == 1000)
        #expect(Set(history[0].changes.compactMap(\.objectID.primaryKey)) == Set(1...1000))
    }

    @Test(
        "a save that inserts two entities in turn records every object, one change row per entity",
        arguments: allStoreTypes)
    func interleavedEntities(type: PersistentStoreType) throws {
        let model = makeModel([
            EntityDescription("Note", attributes: [AttributeDescription("name", .string)]),
            EntityDescription("Tag", attributes: [AttributeDescription("label", .string)])
        ])
        let stack = try TestStack(model: model, type: type, options: historyOptions)
        var inserted: [ManagedObject] = []
        for index in 0..<6 {
            let object = try stack.context.insertObject(entityName: index.isMultiple(of: 2) ? "Note" : "Tag")
            object[index.isMultiple(of: 2) ? "name" : "label"] = "\(index)"
            inserted.append(object)
        }
        try stack.context.save()
        let history = try stack.context.fetchHistory(after: nil)
        try #require(history.count == 1)
        #expect(history[0].changes.allSatisfy { $0.kind == .insert })
        #expect(history[0].changes.count == 6)
        #expect(Set(history[0].changes.map(\.objectID)) == Set(inserted.map(\.objectID)))
        if type == .sqlite, let url = stack.storeURL {
            #expect(
                try sqliteRows("SELECT \"entity\", \"keys\" FROM \"Z_HISTORY_CHANGE\" ORDER BY \"entity\"", at: url)
                    == [["Note", "1-3"], ["Tag", "1-3"]])
        }
    }

    @Test("key runs round-trip")
    func keyRuns() {
        #expect(HistoryKeyRuns.text(of: [7, 1, 2, 3, 9, 10]) == "1-3,7,9-10")
        #expect(HistoryKeyRuns.keys(in: "1-3,7,9-10") == [1, 2, 3, 7, 9, 10])
        #expect(HistoryKeyRuns.text(of: []) == "")
        #expect(HistoryKeyRuns.text(of: [1, 2, 3, 5]) == "1-3,5")  // already in order: not sorted again
    }

    @Test("another process's save is fetched after a token and merged (one SQLite store, two processes)")
    func acrossProcesses() throws {
        let child = try #require(
            ProcessKiller.builtExecutable(named: "og-crash-child"),
            "build the og-crash-child product first (swift build), or set OG_CRASH_CHILD")
        let scratch = try TemporaryDirectory(prefix: "history")
        let url = scratch.appending("Notes.sqlite")
        let context = try TwoEditors.context(at: url, options: historyOptions)
        let keep = try insertNote("keep", text: "mine", in: context)
        let gone = try insertNote("gone", in: context)
        try context.save()
        let token = try #require(try context.currentHistoryToken())

        let run = try runProcess(child, ["history", url.path, "sync-peer"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "saved history\n")

        let transactions = try context.fetchHistory(after: token)
        try #require(transactions.count == 1)
        let transaction = transactions[0]
        #expect(transaction.author == "sync-peer" && transaction.contextName == "history-child")
        #expect(transaction.changes.filter { $0.kind == .insert }.count == 2)
        #expect(
            transaction.changes.filter { $0.kind == .update } == [
                PersistentHistoryChange(kind: .update, objectID: keep.objectID, updatedKeys: ["text"])
            ])
        #expect(transaction.changes.filter { $0.kind == .delete }.map(\.objectID) == [gone.objectID])
        context.mergeChanges(fromHistory: transaction)
        #expect(keep.value(forKey: "text") as? String == "written by the child")
        #expect(gone.managedObjectContext == nil)
        let inserted = transaction.changes.filter { $0.kind == .insert }.map(\.objectID)
        #expect(
            Set(try inserted.map { try context.existingObject(with: $0).value(forKey: "name") as? String }) == [
                "new1", "new2"
            ])
        #expect(try context.fetchHistory(after: transaction.token).isEmpty)
    }
}
