import Foundation
import ObjectGraph
import Testing

// The four tutorial apps of the ObjectTests in typed form, as docs/ObjectGraph.md shows them.

/// Tutorial app 1: vocabularies of words; deleting a vocabulary leaves its words (nullify).
enum TypedVocabularies {
    final class Vocabulary: ManagedObject {
        @Attribute(.unique) var name: String
        @Relationship(deleteRule: .nullify) var words: Set<Word>
    }

    final class Word: ManagedObject {
        @Attribute var word: String
        @Attribute var translation: String?
        @Relationship(inverse: \Vocabulary.words) var vocabulary: Vocabulary?
    }
}

/// Tutorial app 2: four lines of text kept across launches.
enum TypedFourLines {
    final class Line: ManagedObject {
        @Attribute(.unique, minValue: 1, maxValue: 4) var lineNum: Int16
        @Attribute var lineText: String?
    }
}

/// Tutorial app 3: a photo diary; entries own their media, hooks keep the times.
enum TypedPhotoDiary {
    final class Entry: ManagedObject {
        @Attribute(.searchable) var text: String?
        @Attribute(.indexed) var creationTime: Date
        @Attribute var updateTime: Date
        @Relationship(deleteRule: .cascade) var media: Set<Medium>

        override func awakeFromInsert() {
            super.awakeFromInsert()
            creationTime = Date()
            updateTime = creationTime
        }

        override func willSave() {
            super.willSave()
            if !isDeleted { setPrimitiveValue(Date(), forKey: "updateTime") }
        }
    }

    class Medium: ManagedObject {
        @Attribute(.externalStorage) var data: Data?
        @Attribute var mimeType: String
        @Relationship(inverse: \Entry.media) var entry: Entry?
    }

    final class Photo: Medium {
        @Attribute(minValue: 1) var width: Int32
        @Attribute(minValue: 1) var height: Int32
    }
}

/// Tutorial app 4: failed banks, one-to-one details and many-to-many tags.
enum TypedFailedBanks {
    final class FailedBankInfo: ManagedObject {
        @Attribute var name: String
        @Attribute var city: String?
        @Attribute(maxLength: 2) var state: String?
        @Relationship(deleteRule: .cascade) var details: FailedBankDetails?
    }

    final class FailedBankDetails: ManagedObject {
        @Attribute var closeDate: Date?
        @Attribute var zip: Int32?
        @Relationship(inverse: \FailedBankInfo.details) var info: FailedBankInfo?
        @Relationship(inverse: \Tag.details) var tags: Set<Tag>
    }

    final class Tag: ManagedObject {
        @Attribute(.unique) var name: String
        @Relationship var details: Set<FailedBankDetails>
    }
}

@Suite struct TypedRelationshipTests {
    private typealias Vocabulary = TypedVocabularies.Vocabulary
    private typealias Word = TypedVocabularies.Word

    @Test(arguments: allStoreTypes)
    func vocabularies(type: PersistentStoreType) throws {
        let stack = try TestStack(model: try ManagedObjectModel(types: [Vocabulary.self, Word.self]), type: type)
        let context = stack.context
        let spanish = try context.insert(Vocabulary.self)
        spanish.name = "Spanish"
        for (text, translation) in [("hola", "hello"), ("adiós", "goodbye")] {
            let word = try context.insert(Word.self)
            word.word = text
            word.translation = translation
            word.vocabulary = spanish
        }
        try context.save()
        try stack.reopen()
        let words = try stack.context.fetch(
            FetchRequest(Word.self).where(\.vocabulary?.name == "Spanish").sorted(by: \.word))
        #expect(words.map(\.word) == ["adiós", "hola"])
        let vocabulary = try #require(try stack.context.fetch(Vocabulary.self).first)
        #expect(vocabulary.words.count == 2)
        stack.context.delete(vocabulary)
        try stack.context.save()
        let orphans = try stack.context.fetch(Word.self, where: \.vocabulary == nil)
        #expect(orphans.count == 2)
    }

    @Test(arguments: allStoreTypes)
    func fourLines(type: PersistentStoreType) throws {
        typealias Line = TypedFourLines.Line
        let stack = try TestStack(model: try ManagedObjectModel(types: [Line.self]), type: type)
        func store(_ texts: [String?], in context: ManagedObjectContext) throws {
            for (offset, text) in texts.enumerated() {
                let number = Int16(offset + 1)
                let line = try context.fetch(Line.self, where: \.lineNum == number).first ?? context.insert(Line.self)
                line.lineNum = number
                line.lineText = text
            }
            try context.save()
        }
        try store(["one", "two", nil, "four"], in: stack.context)
        try stack.reopen()
        try store(["uno", "dos", "tres", nil], in: stack.context)
        try stack.reopen()
        let lines = try stack.context.fetch(Line.self, sortedBy: [SortOrdering(\Line.lineNum)])
        #expect(lines.map(\.lineText) == ["uno", "dos", "tres", nil])
        #expect(lines.map(\.lineNum) == [1, 2, 3, 4])
        let fifth = try stack.context.insert(Line.self)
        fifth.lineNum = 5
        #expect(throws: ObjectGraphError.self) { try stack.context.save() }
    }

    @Test(arguments: allStoreTypes)
    func photoDiary(type: PersistentStoreType) throws {
        typealias Entry = TypedPhotoDiary.Entry
        typealias Photo = TypedPhotoDiary.Photo
        let model = try ManagedObjectModel(entities: [
            EntityDescription(Entry.self), EntityDescription(TypedPhotoDiary.Medium.self, isAbstract: true),
            EntityDescription(Photo.self)
        ])
        let stack = try TestStack(model: model, type: type)
        let entry = try stack.context.insert(Entry.self)
        entry.text = "Beach day"
        let photo = try stack.context.insert(Photo.self)
        photo.mimeType = "image/jpeg"
        photo.width = 4000
        photo.height = 3000
        photo.data = Data(repeating: 7, count: 200_000)
        entry.media.insert(photo)
        try stack.context.save()
        try stack.reopen()
        let found = try #require(
            try stack.context.fetch(Entry.self, where: .contains(\.text, "beach", options: .caseInsensitive)).first)
        #expect(found.updateTime >= found.creationTime)
        let medium = try #require(found.media.first as? Photo)
        #expect(medium.width == 4000 && medium.data?.count == 200_000 && medium.entry === found)
        stack.context.delete(found)
        try stack.context.save()
        #expect(try stack.context.count(for: FetchRequest(Photo.self)) == 0)
    }

    @Test(arguments: allStoreTypes)
    func failedBanks(type: PersistentStoreType) throws {
        typealias Info = TypedFailedBanks.FailedBankInfo
        typealias Details = TypedFailedBanks.FailedBankDetails
        typealias Tag = TypedFailedBanks.Tag
        let stack = try TestStack(model: try ManagedObjectModel(types: [Info.self, Details.self, Tag.self]), type: type)
        let context = stack.context
        let closed = try context.insert(Tag.self)
        closed.name = "closed"
        for (name, state) in [("First Chicago", "IL"), ("Bank of Boston", "MA")] {
            let info = try context.insert(Info.self)
            info.name = name
            info.state = state
            let details = try context.insert(Details.self)
            details.zip = 60601
            details.closeDate = Date(timeIntervalSince1970: 1_300_000_000)
            info.details = details
            closed.details.insert(details)
        }
        try context.save()
        try stack.reopen()
        let illinois = try stack.context.fetch(
            FetchRequest(Info.self).where(\.state == "IL" && \.details?.zip == 60601))
        #expect(illinois.map(\.name) == ["First Chicago"])
        let tagged = try stack.context.fetch(Details.self, where: .any(\.tags, \.name == "closed"))
        #expect(tagged.count == 2 && Set(tagged.compactMap { $0.info?.name }) == ["First Chicago", "Bank of Boston"])
        stack.context.delete(try #require(illinois.first))
        try stack.context.save()
        #expect(try stack.context.count(for: FetchRequest(Details.self)) == 1)
        let tag = try #require(try stack.context.fetch(Tag.self).first)
        #expect(tag.details.count == 1)
    }
}
