import Foundation
import Testing

@testable import ObjectGraph

private typealias Folder = TypedNotes.Folder
private typealias TypedNote = TypedNotes.Note
private typealias Checklist = TypedNotes.Checklist
private typealias Tag = TypedNotes.Tag

@Suite struct TypedModelTests {
    private let start = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7)

    @Test func typedClassesDescribeTheSameModelAsTheStringAPI() throws {
        #expect(TypedNotes.model.versionHash == TypedNotes.stringModel.versionHash)
        for typed in TypedNotes.model.entities {
            let plain = try #require(TypedNotes.stringModel.entity(named: typed.name))
            #expect(typed.allAttributes.map(\.name) == plain.allAttributes.map(\.name))
            #expect(typed.parentName == plain.parentName)
            #expect(typed.uniquenessConstraints == plain.uniquenessConstraints)
            #expect(typed.allRelationships == plain.allRelationships)
            for (a, b) in zip(typed.allAttributes, plain.allAttributes) {
                #expect(a.type == b.type && a.isOptional == b.isOptional, "\(typed.name).\(a.name)")
                #expect(
                    a.minValue == b.minValue && a.maxValue == b.maxValue && a.minLength == b.minLength
                        && a.maxLength == b.maxLength, "\(typed.name).\(a.name)")
                #expect(
                    a.isIndexed == b.isIndexed && a.isTransient == b.isTransient && a.isSearchable == b.isSearchable
                        && a.allowsExternalStorage == b.allowsExternalStorage, "\(typed.name).\(a.name)")
                #expect(
                    String(describing: a.defaultValue) == String(describing: b.defaultValue), "\(typed.name).\(a.name)")
            }
        }
        #expect(TypedNotes.model.entity(for: Checklist.self)?.name == "Checklist")
    }

    @Test func requiredAttributesAreNotOptionalInSwift() throws {
        let stack = try TestStack(model: TypedNotes.model, type: .inMemory)
        let note = try stack.context.insert(TypedNote.self)
        // These lines compile only because required attributes are non-optional and optional ones optional.
        let title: String = note.title
        let created: Date = note.created
        let pinned: Bool = note.pinned
        let body: String? = note.body
        #expect(type(of: note.title) == String.self)
        #expect(type(of: note.rating) == Int16.self)
        #expect(type(of: note.body) == Optional<String>.self)
        #expect(type(of: note.folder) == Optional<Folder>.self)
        #expect(type(of: note.tags) == Set<Tag>.self)
        // Unset, a required attribute reads as its zero and the save refuses it; defaults apply.
        #expect(title == "" && created == Date(timeIntervalSinceReferenceDate: 0) && body == nil)
        #expect(pinned == false && note.rating == 0 && note.count == 0)
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ObjectGraphError.validationFailed(let problems) = error else { return false }
            return Set(problems.compactMap(\.key)) == ["title", "created", "uuid"]
        }
    }

    @Test func typedAndStringAccessSeeOneValue() throws {
        let stack = try TestStack(model: TypedNotes.model, type: .inMemory)
        let note = try stack.context.insert(TypedNote.self)
        note.title = "typed"
        #expect(note["title", as: String.self] == "typed")
        note["body"] = "string"
        #expect(note.body == "string")
        note.setValue(Int64(7), forKey: "views")
        #expect(note.views == 7)
        note.weight = 1.5
        #expect(note.value(forKey: "weight") as? Double == 1.5)
        note.body = nil
        #expect(note.value(forKey: "body") == nil)
        #expect(note.changedValues().isEmpty == false)
    }

    @Test(arguments: allStoreTypes)
    func typedModelRoundTripsThroughEveryStore(type: PersistentStoreType) throws {
        let stack = try TestStack(model: TypedNotes.model, type: type)
        let context = stack.context
        let folder = try context.insert(Folder.self)
        folder.name = "Home"
        let uuid = UUID()
        let note = try context.insert(TypedNote.self)
        note.title = "Groceries"
        note.body = "milk, eggs"
        note.created = start
        note.pinned = true
        note.rating = 4
        note.views = 120
        note.size = Int64.max
        note.count = -3
        note.score = 0.1
        note.weight = 2.25
        note.uuid = uuid
        note.attachment = Data([1, 2, 3])
        note.draft = "never stored"
        note.folder = folder
        let list = try context.insert(Checklist.self)
        list.title = "Packing"
        list.created = start.addingTimeInterval(60)
        list.uuid = UUID()
        list.items = 12
        let tag = try context.insert(Tag.self)
        tag.name = "errands"
        list.tags = [tag]
        folder.notes.insert(list)
        folder.notes = folder.notes.union([list])
        try context.save()
        try stack.reopen()

        let folders = try stack.context.fetch(FetchRequest(Folder.self))
        let home = try #require(folders.first)
        #expect(folders.count == 1 && home.name == "Home")
        #expect(Set(home.notes.map(\.title)) == ["Groceries", "Packing"])
        let notes = try stack.context.fetch(FetchRequest(TypedNote.self).sorted(by: \.created))
        #expect(notes.map(\.title) == ["Groceries", "Packing"])
        let groceries = try #require(notes.first)
        #expect(groceries.body == "milk, eggs" && groceries.created == start && groceries.pinned)
        #expect(groceries.rating == 4 && groceries.views == 120 && groceries.size == Int64.max && groceries.count == -3)
        #expect(groceries.score == 0.1 && groceries.weight == 2.25 && groceries.uuid == uuid)
        #expect(groceries.attachment == Data([1, 2, 3]) && groceries.draft == nil)
        #expect(groceries.folder === home && groceries.tags.isEmpty)
        let packing = try #require(notes.last as? Checklist)
        #expect(packing.items == 12 && !packing.pinned && packing.folder === home)
        #expect(packing.tags.map(\.name) == ["errands"])
        #expect(try #require(packing.tags.first).notes.map(\.title) == ["Packing"])
    }

    @Test(arguments: allStoreTypes)
    func keyPathPredicatesAndSortsAgreeWithTheirStrings(type: PersistentStoreType) throws {
        let stack = try TestStack(model: TypedNotes.model, type: type)
        let context = stack.context
        let work = try context.insert(Folder.self)
        work.name = "Work"
        let urgent = try context.insert(Tag.self)
        urgent.name = "urgent"
        for index in 0..<6 {
            let note = try context.insert(index % 2 == 0 ? Checklist.self : TypedNote.self)
            note.title = ["b", "A", "c", "D", "e", "F"][index]
            note.created = start.addingTimeInterval(Double(index) * 3600)
            note.uuid = UUID()
            note.rating = Int16(index % 5)
            note.body = index == 3 ? nil : "body \(index)"
            if index < 3 { note.folder = work }
            if index % 3 == 0 { note.tags = [urgent] }
        }
        try context.save()

        let pairs: [(TypedPredicate<TypedNote>, String, [Any?])] = [
            (\.title == "A", "title == %@", ["A"]),
            (
                \.rating >= 2 && \.created < start.addingTimeInterval(5 * 3600), "rating >= 2 AND created < %@",
                [start.addingTimeInterval(5 * 3600)]
            ),
            (\.body == nil || \.pinned == true, "body == nil OR pinned == YES", []),
            (!(\.rating < 3), "NOT rating < 3", []),
            (.contains(\.title, "a", options: .caseInsensitive), "title CONTAINS[c] 'a'", []),
            (.beginsWith(\.body, "body"), "body BEGINSWITH 'body'", []),
            (\.folder?.name == "Work", "folder.name == 'Work'", []),
            (\.folder == work, "folder == %@", [work]),
            (.any(\.tags, \.name == "urgent"), "ANY tags.name == 'urgent'", []),
            (.none(\.tags, \.name == "urgent"), "NONE tags.name == 'urgent'", []),
            (
                .any(\.tags, \Tag.name == "urgent" || \Tag.name == "x"),
                "SUBQUERY(tags, $member, $member.name == 'urgent' OR $member.name == 'x').@count > 0", []
            ),
            (TypedKey(\TypedNote.tags).count > 0, "tags.@count > 0", []),
            (TypedKey(\TypedNote.tags).contains(urgent), "tags CONTAINS %@", [urgent]),
            (.isIn(\.rating, [1, 3]), "rating IN %@", [[1, 3]]),
            (.between(\.rating, 1, 2), "rating BETWEEN {1, 2}", []),
            (TypedKey(\TypedNote.rating) < TypedKey(\TypedNote.count), "rating < count", [])
        ]
        for (typed, format, arguments) in pairs {
            let parsed = try FetchPredicate(format: format, argumentArray: arguments)
            #expect(typed.predicate == parsed, "\(typed) vs \(format)")
            var request = FetchRequest(TypedNote.self).where(typed)
            request.sortOrderings = [SortOrdering(\TypedNote.title)]
            let typedTitles = try context.fetch(request).map(\.title)
            let stringTitles = try context.fetch(
                FetchRequest(
                    TypedNote.self, entityName: "Note", predicate: parsed,
                    sortOrderings: [SortOrdering("title")])
            ).map(\.title)
            #expect(typedTitles == stringTitles, "\(format)")
        }
        #expect(try context.fetch(FetchRequest(TypedNote.self).where(\.folder?.name == "Work")).count == 3)

        let sorts: [(SortOrdering, SortOrdering)] = [
            (SortOrdering(\TypedNote.created, ascending: false), SortOrdering("created", ascending: false)),
            (.caseInsensitive(\TypedNote.title), .caseInsensitive("title")),
            (SortOrdering(\TypedNote.folder?.name), SortOrdering("folder.name"))
        ]
        for (typed, plain) in sorts {
            #expect(typed == plain)
            let byTyped = try context.fetch(
                FetchRequest(TypedNote.self, entityName: "Note", sortOrderings: [typed, SortOrdering("title")]))
            let byString = try context.fetch(
                FetchRequest(TypedNote.self, entityName: "Note", sortOrderings: [plain, SortOrdering("title")]))
            #expect(byTyped.map(\.title) == byString.map(\.title))
        }
        #expect(
            try context.fetch(FetchRequest(TypedNote.self).sorted(by: \.title, options: .caseInsensitive)).map(\.title)
                == ["A", "b", "c", "D", "e", "F"])
    }

    @Test func formatStringsTakeKeyPathsForPercentK() throws {
        let parsed = try FetchPredicate(
            format: "%K == %@ AND %K.%K BEGINSWITH 'W'", \TypedNote.title, "x", \TypedNote.folder, \Folder.name)
        #expect(parsed == (try FetchPredicate(format: "title == 'x' AND folder.name BEGINSWITH 'W'")))
        #expect(throws: PredicateParseError.self) { try FetchPredicate(format: "%K == 1", \TypedNote.shout) }
        #expect(ManagedObject.keyName(\TypedNote.folder?.name) == "folder.name")
        #expect(ManagedObject.keyName(\Checklist.items) == "items")
        #expect(ManagedObject.keyName(\Checklist.title) == "title")
        #expect(ManagedObject.keyName(\TypedNote.shout) == nil)
    }

    @Test func aKeyPathToAnUntypedPropertyFailsTheFetchNamingIt() throws {
        let stack = try TestStack(model: TypedNotes.model, type: .sqlite)
        #expect(throws: (any Error).self) {
            try stack.context.fetch(FetchRequest(TypedNote.self).where(\.shout == "X"))
        }
        #expect(TypedKey(\TypedNote.shout).name.contains("shout") || TypedKey(\TypedNote.shout).name.hasPrefix("?"))
    }

    @Test func inverseKeyPathsMustNameATypedRelationship() {
        #expect(throws: ModelError.self) { try EntityDescription(LooseEnd.self) }
    }

    @Test func anInverseDeclaredOnOneSideServesBoth() throws {
        let folder = try #require(TypedNotes.model.entity(named: "Folder")?.relationship(named: "notes"))
        #expect(folder.inverse == "folder")
        #expect(TypedNotes.model.entity(named: "Tag")?.relationship(named: "notes")?.inverse == "tags")
    }

    @Test func compoundUniquenessComesFromKeyPaths() throws {
        let entity = try EntityDescription(TypedNote.self, uniqueTogether: [[\TypedNote.title, \TypedNote.created]])
        #expect(entity.uniquenessConstraints == [["title", "created"]])
        let renamed = try EntityDescription(TypedNote.self, name: "Memo", isAbstract: true)
        #expect(renamed.name == "Memo" && renamed.isAbstract)
    }

    @Test func typedPropertiesWorkFromManyThreadsAtOnce() async throws {
        let titles = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let stack = try TestStack(model: TypedNotes.model, type: .inMemory)
                    let note = try stack.context.insert(Checklist.self)
                    note.title = "note \(index)"
                    note.items = Int32(index)
                    let keys = ManagedObject.keyName(\Checklist.items) ?? "?"
                    return "\(note.title) \(note.items) \(keys)"
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(titles == Set((0..<8).map { "note \($0) \($0) items" }))
    }
}

/// A relationship whose inverse key path reaches a computed property, not a typed relationship.
private final class LooseEnd: ManagedObject {
    @Relationship(inverse: \Anchor.computed) var anchor: Anchor?
}

private final class Anchor: ManagedObject {
    @Relationship var ends: Set<LooseEnd>
    var computed: LooseEnd? { nil }
}
