import Foundation
import Testing

@testable import ObjectGraph

/// A class with a stored `_` property that is not typed storage, beside typed ones.
private final class Annotated: ManagedObject {
    @Attribute var title: String
    var _cache: Int = 7
    @Attribute var count: Int = 0
    var isMarked = false
}

/// A generic typed class (its name has its argument).
private final class Boxed<Payload>: ManagedObject {
    @Attribute var label: String?
}

/// The names of typed properties found from fields equal what reflecting a prototype finds.
@Suite struct TypedFieldsTests {
    /// The property names the model used to take from `Mirror`: each class level's children
    /// whose value is typed storage and whose label is `_name`, the class's own level first.
    private func reflectedNames(of type: ManagedObject.Type) -> [[String]] {
        let object = PropertyRecorder.prototype(of: type).object
        var levels: [[String]] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror, current.subjectType != ManagedObject.self {
            levels.append(
                current.children.compactMap { child in
                    guard child.value is any TypedPropertyStorage, let label = child.label, label.hasPrefix("_") else {
                        return nil
                    }
                    return String(label.dropFirst())
                })
            mirror = current.superclassMirror
        }
        return levels
    }

    @Test(
        arguments: [
            TypedNotes.Folder.self, TypedNotes.Note.self, TypedNotes.Checklist.self,
            TypedNotes.Tag.self, Annotated.self
        ] as [ManagedObject.Type])
    func fieldNamesEqualTheReflectedNames(type: ManagedObject.Type) {
        #expect(TypedFields.propertyNames(of: type) == reflectedNames(of: type))
    }

    /// Offsets and names as `"offset name"` lines, comparable.
    private func described(_ fields: [(offset: Int, name: String)]?) -> [String]? {
        fields?.map { "\($0.offset) \($0.name)" }
    }

    @Test(
        arguments: [
            TypedNotes.Folder.self, TypedNotes.Note.self, TypedNotes.Checklist.self,
            TypedNotes.Tag.self
        ] as [ManagedObject.Type])
    func theFieldRecordsFindWhatReflectionFinds(type: ManagedObject.Type) throws {
        let storageTypes = PropertyRecorder.prototype(of: type).storageTypes
        let records = try #require(ClassFieldRecords.typedFields(of: type, storageTypes: storageTypes))
        #expect(!records.isEmpty)
        #expect(described(records) == described(TypedFields.reflectedFields(of: type, storageTypes: storageTypes)))
    }

    @Test(arguments: [Annotated.self, Boxed<Int>.self] as [ManagedObject.Type])
    func theFieldRecordsLeaveAnUntypedUnderscoredFieldOrAGenericClassToReflection(type: ManagedObject.Type) {
        let storageTypes = PropertyRecorder.prototype(of: type).storageTypes
        #expect(ClassFieldRecords.typedFields(of: type, storageTypes: storageTypes) == nil)
        #expect(!TypedFields.layout(of: type).fields.isEmpty)
    }

    @Test func aSubclassLevelHoldsOnlyItsOwnProperties() {
        let levels = TypedFields.propertyNames(of: TypedNotes.Checklist.self)
        #expect(levels.count == 2)
        #expect(levels.first == ["items"])
        #expect(levels.last?.first == "title")
    }

    @Test func anUnderscoredPropertyThatIsNotTypedIsNoAttribute() throws {
        #expect(TypedFields.propertyNames(of: Annotated.self) == [["title", "count"]])
        let entity = try EntityDescription(Annotated.self)
        #expect(entity.attributes.map(\.name) == ["title", "count"])
    }

    @Test func theOffsetsNameTheSameProperties() {
        let layout = TypedFields.layout(of: TypedNotes.Checklist.self)
        #expect(Set(layout.namesByOffset.values) == Set(reflectedNames(of: TypedNotes.Checklist.self).flatMap { $0 }))
        #expect(layout.fields.map(\.offset) == layout.fields.map(\.offset).sorted())
    }

    @Test(
        arguments: [
            TypedNotes.Note.self, TypedNotes.Checklist.self, Annotated.self, Boxed<Int>.self,
            Boxed<[String: Int]>.self, ManagedObject.self
        ] as [ManagedObject.Type])
    func typeNamesAreWhatStringDescribingWrites(type: ManagedObject.Type) {
        #expect(ManagedObject.typeName(of: type) == String(describing: type))
    }

    @Test func aTypedEntityNamesItsParentAndDestinationsByClass() throws {
        let checklist = try EntityDescription(TypedNotes.Checklist.self)
        #expect(checklist.name == "Checklist")
        #expect(checklist.parentName == "Note")
        let note = try EntityDescription(TypedNotes.Note.self)
        #expect(note.relationships.map(\.destination) == ["Folder", "Tag"])
        #expect(try EntityDescription(Boxed<Int>.self).name == "Boxed<Int>")
    }
}
