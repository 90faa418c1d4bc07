import CSQLite
import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// The model `og-crash-child edit` uses (Sources/og-crash-child/NoteEditor.swift); same hash.
let noteModel = makeModel([
    EntityDescription(
        "Note",
        attributes: [
            AttributeDescription("name", .string, isOptional: false),
            AttributeDescription("text", .string),
            AttributeDescription("stars", .integer64, defaultValue: Int64(0))
        ])
])

/// Two editors on one SQLite file, each with its own coordinator (its own connection), as two
/// processes would be; one note, saved, that both have read.
final class TwoEditors {
    let scratch: TemporaryDirectory
    let url: URL
    let mine: ManagedObjectContext
    let theirs: ManagedObjectContext
    let myNote: ManagedObject
    let theirNote: ManagedObject

    init(options: PersistentStoreOptions = PersistentStoreOptions()) throws {
        scratch = try TemporaryDirectory(prefix: "conflicts")
        url = scratch.appending("Notes.sqlite")
        mine = try Self.context(at: url, options: options)
        let note = try mine.insertObject(entityName: "Note")
        note.setValue("n", forKey: "name")
        note.setValue("original", forKey: "text")
        try mine.save()
        myNote = note
        theirs = try Self.context(at: url, options: options)
        theirNote = try #require(try fetchAll("Note", in: theirs).first)
    }

    static func context(
        at url: URL, options: PersistentStoreOptions = PersistentStoreOptions()
    ) throws -> ManagedObjectContext {
        let coordinator = PersistentStoreCoordinator(model: noteModel)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: options)
        return ManagedObjectContext(coordinator: coordinator)
    }

    /// The note as a fresh reader finds it in the store: name, text, stars; nil when gone.
    func stored() throws -> (String?, String?, Int64?)? {
        let rows = try sqliteRows("SELECT name, text, stars FROM Note", at: url)
        guard let row = rows.first else { return nil }
        return (row[0], row[1], row[2].flatMap { Int64($0) })
    }
}

@Suite struct ConflictTests {
    /// They set text and stars and save; I then set text and name and save under `policy`.
    @Test(arguments: [
        (MergePolicy.storeTrumps, "theirs", "renamed", Int64(5)),
        (.objectTrumps, "mine", "renamed", 5),
        (.overwrite, "mine", "renamed", 0),
        (.rollback, "theirs", "n", 5)
    ])
    func policiesSettleAClashProperty(policy: MergePolicy, text: String, name: String, stars: Int64) throws {
        let editors = try TwoEditors()
        editors.theirNote.setValue("theirs", forKey: "text")
        editors.theirNote.setValue(5, forKey: "stars")
        try editors.theirs.save()

        editors.mine.mergePolicy = policy
        editors.myNote.setValue("mine", forKey: "text")
        editors.myNote.setValue("renamed", forKey: "name")
        try editors.mine.save()
        let stored = try #require(try editors.stored())
        #expect(stored.0 == name && stored.1 == text && stored.2 == stars)
        #expect(!editors.mine.hasChanges)
        #expect(editors.myNote.value(forKey: "text") as? String == text)
        // The context now holds the latest version: another change saves without a conflict.
        editors.mine.mergePolicy = .error
        editors.myNote.setValue("later", forKey: "text")
        try editors.mine.save()
        #expect(try editors.stored()?.1 == "later")
    }

    @Test func theDefaultPolicyFailsNamingObjectsAndKeys() throws {
        let editors = try TwoEditors()
        editors.theirNote.setValue("theirs", forKey: "text")
        editors.theirNote.setValue(5, forKey: "stars")
        try editors.theirs.save()

        editors.myNote.setValue("mine", forKey: "text")
        let error = try #require(throws: ConcurrencyError.self) { try editors.mine.save() }
        guard case .mergeConflict(let conflicts) = error else { Issue.record("not a conflict: \(error)"); return }
        #expect(conflicts.map(\.objectID) == [editors.myNote.objectID])
        #expect(conflicts.first?.storeChangedKeys.sorted() == ["stars", "text"])
        #expect(conflicts.first?.clashingKeys == ["text"])
        #expect(conflicts.first?.objectVersion == 1 && conflicts.first?.storeVersion == 2)
        #expect(error.description.contains("also changed here: text"))
        // Nothing written, the edit kept.
        #expect(try editors.stored()?.1 == "theirs")
        #expect(editors.mine.hasChanges && editors.myNote.value(forKey: "text") as? String == "mine")
    }

    @Test func mergeUnlessClashingTakesTheirKeysAndWritesMine() throws {
        let editors = try TwoEditors()
        editors.theirNote.setValue(5, forKey: "stars")
        try editors.theirs.save()

        editors.mine.mergePolicy = .mergeUnlessClashing
        editors.myNote.setValue("mine", forKey: "text")
        try editors.mine.save()
        let stored = try #require(try editors.stored())
        #expect(stored.0 == "n" && stored.1 == "mine" && stored.2 == 5)
        #expect(editors.myNote.value(forKey: "stars") as? Int64 == 5)
        #expect(!editors.mine.hasChanges)
    }

    @Test func mergeUnlessClashingFailsOnAKeyChangedOnBothSidesWritingNothing() throws {
        let editors = try TwoEditors()
        editors.theirNote.setValue("theirs", forKey: "text")
        editors.theirNote.setValue(5, forKey: "stars")
        try editors.theirs.save()

        editors.mine.mergePolicy = .mergeUnlessClashing
        editors.myNote.setValue("mine", forKey: "text")
        editors.myNote.setValue("renamed", forKey: "name")
        let error = try #require(throws: ConcurrencyError.self) { try editors.mine.save() }
        guard case .mergeConflict(let conflicts) = error else { Issue.record("not a conflict: \(error)"); return }
        #expect(conflicts.map(\.clashingKeys) == [["text"]])
        let stored = try #require(try editors.stored())
        #expect(stored.0 == "n" && stored.1 == "theirs" && stored.2 == 5)
        #expect(editors.mine.hasChanges && editors.myNote.value(forKey: "text") as? String == "mine")
    }

    @Test func mergeUnlessClashingFailsForARowDeletedElsewhere() throws {
        let editors = try TwoEditors()
        editors.theirs.delete(editors.theirNote)
        try editors.theirs.save()

        editors.mine.mergePolicy = .mergeUnlessClashing
        editors.myNote.setValue("mine", forKey: "text")
        let error = try #require(throws: ConcurrencyError.self) { try editors.mine.save() }
        guard case .mergeConflict(let conflicts) = error else { Issue.record("not a conflict: \(error)"); return }
        #expect(conflicts.first?.isDeletedInStore == true)
        #expect(try editors.stored() == nil)
    }

    @Test(arguments: [
        (MergePolicy.error, false), (.storeTrumps, false), (.rollback, false), (.objectTrumps, true), (.overwrite, true)
    ])
    func aRowDeletedElsewhere(policy: MergePolicy, writtenAgain: Bool) throws {
        let editors = try TwoEditors()
        editors.theirs.delete(editors.theirNote)
        try editors.theirs.save()

        editors.mine.mergePolicy = policy
        editors.myNote.setValue("mine", forKey: "text")
        if policy == .error {
            let error = try #require(throws: ConcurrencyError.self) { try editors.mine.save() }
            guard case .mergeConflict(let conflicts) = error else { Issue.record("not a conflict"); return }
            #expect(conflicts.first?.isDeletedInStore == true)
            return
        }
        try editors.mine.save()
        #expect(try editors.stored()?.1 == (writtenAgain ? "mine" : nil))
        #expect((editors.myNote.managedObjectContext != nil) == writtenAgain)
    }

    @Test func deletingARowChangedElsewhereIsAConflictToo() throws {
        let editors = try TwoEditors()
        editors.theirNote.setValue("theirs", forKey: "text")
        try editors.theirs.save()
        editors.mine.delete(editors.myNote)
        #expect(throws: ConcurrencyError.self) { try editors.mine.save() }
        editors.mine.mergePolicy = .storeTrumps  // their change wins: the note stays
        try editors.mine.save()
        #expect(try editors.stored()?.1 == "theirs")
        #expect(!editors.myNote.isDeleted && editors.myNote.value(forKey: "text") as? String == "theirs")
    }

    /// Both add a word to one vocabulary: its row is rewritten by both, but the links live in the
    /// words' rows, so nothing is overwritten and the default policy lets both saves through.
    @Test func linksStoredInOtherRowsDoNotConflict() throws {
        let scratch = try TemporaryDirectory(prefix: "links")
        let url = scratch.appending("Words.sqlite")
        func context() throws -> ManagedObjectContext {
            let coordinator = PersistentStoreCoordinator(model: vocabularyModel)
            try coordinator.addPersistentStore(type: .sqlite, at: url)
            return ManagedObjectContext(coordinator: coordinator)
        }
        let mine = try context(), theirs = try context()
        let vocabulary = try mine.insertVocabulary("German")
        try mine.save()
        let theirVocabulary = try #require(try theirs.existingObject(with: vocabulary.objectID) as? Vocabulary)
        #expect(vocabulary.words.isEmpty && theirVocabulary.words.isEmpty)  // both loaded before either adds
        try theirs.insertWord("Katze", in: theirVocabulary)
        theirVocabulary.name = "Deutsch"
        try theirs.save()
        try mine.insertWord("Hund", in: vocabulary)
        try mine.save()

        let reader = try context()
        let stored = try #require(try reader.fetch(FetchRequest(Vocabulary.self, entityName: "Vocabulary")).first)
        #expect(Set(stored.words.compactMap(\.word)) == ["Hund", "Katze"])
        #expect(stored.name == "Deutsch" && vocabulary.name == "Deutsch")
    }

    @Test(arguments: [PersistentStoreType.inMemory, .binary])
    func siblingContextsConflictOnEveryStoreType(type: PersistentStoreType) throws {
        let stack = try TestStack(model: noteModel, type: type)
        let note = try stack.context.insertObject(entityName: "Note")
        note.setValue("n", forKey: "name")
        try stack.context.save()
        let other = stack.newContext()
        let copy = try other.existingObject(with: note.objectID)
        copy.setValue("theirs", forKey: "text")
        try other.save()
        note.setValue("mine", forKey: "text")
        #expect(throws: ConcurrencyError.self) { try stack.context.save() }
        stack.context.mergePolicy = .objectTrumps
        try stack.context.save()
        #expect(try stack.newContext().existingObject(with: note.objectID).value(forKey: "text") as? String == "mine")
    }

    /// A real second process (`og-crash-child edit`) changes the note between my read and my save.
    @Test func aConflictBetweenTwoProcesses() throws {
        let child = try #require(
            ProcessKiller.builtExecutable(named: "og-crash-child"),
            "build the og-crash-child product first (swift build), or set OG_CRASH_CHILD")
        let editors = try TwoEditors()
        let (status, output, errors) = try run(child, ["edit", editors.url.path, "n", "from the other process"])
        #expect(status == 0, "\(errors)")
        #expect(output == "saved n\n")

        editors.myNote.setValue("mine", forKey: "text")
        let error = try #require(throws: ConcurrencyError.self) { try editors.mine.save() }
        guard case .mergeConflict(let conflicts) = error else { Issue.record("not a conflict: \(error)"); return }
        #expect(conflicts.first?.objectID == editors.myNote.objectID && conflicts.first?.clashingKeys == ["text"])
        #expect(try editors.stored()?.1 == "from the other process")

        editors.mine.mergePolicy = .objectTrumps
        try editors.mine.save()
        #expect(try editors.stored()?.1 == "mine")
    }

    private func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, String, String) {
        let run = try runProcess(executable, arguments)
        return (run.status, run.stdout, run.stderr)
    }
}
