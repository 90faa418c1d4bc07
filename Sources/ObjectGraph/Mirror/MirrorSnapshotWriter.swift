import Foundation

/// Makes the content of a snapshot's state a page at a time, for the sealing stream to pull:
/// each line one JSON array of up to ``MirrorSnapshot/recordsPerLine`` record states, read from
/// the store in a context of its own that is dropped after the page, so memory stays one page
/// whatever the store's size.
///
/// Entities come in an order where the objects an entity's links name come first (tags before
/// the entries whose member sets name them, an entry before its media), so a device loading the
/// snapshot a chunk at a time finds each link's destination already there; within an entity,
/// records come by identity.
final class MirrorSnapshotWriter {
    /// Why a page could not be made: the store changed under the writer.
    struct Inconsistent: Error, CustomStringConvertible {
        let identity: String
        var description: String { "the object \(identity) changed here while the snapshot was made" }
    }

    private let mirror: StoreMirror
    private let shapes: MirrorShape.Cache
    private var entities: [String]
    private var after: String?
    private let encoder = JSONEncoder()
    /// Records written so far.
    private(set) var records = 0
    /// The line being handed out, and how much of it was.
    private var line = Data()
    private var offset = 0

    /// A writer of `mirror`'s records.
    init(mirror: StoreMirror, shapes: MirrorShape.Cache) {
        self.mirror = mirror
        self.shapes = shapes
        entities = Self.order(mirror: mirror, shapes: shapes)
    }

    /// Fills `buffer` with the next bytes of the content (all of it but at the end); 0 at the end.
    func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            if offset == line.count {
                guard let next = try nextLine() else { break }
                line = next
                offset = 0
            }
            let count = min(buffer.count - filled, line.count - offset)
            line.withUnsafeBytes { bytes in
                (buffer.baseAddress! + filled).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
            }
            offset += count
            filled += count
        }
        return filled
    }

    /// The next page as one line, or nil when every record was written.
    private func nextLine() throws -> Data? {
        while let entity = entities.first {
            let context = mirror.makeContext()
            let book = try MirrorBook(context: context)
            var request = FetchRequest(ManagedObject.self, entityName: MirrorBookkeeping.recordEntity)
            request.predicate =
                if let after {
                    try FetchPredicate(format: "entityName == %@ AND identity > %@", entity, after)
                } else {
                    try FetchPredicate(format: "entityName == %@", entity)
                }
            request.sortOrderings = [SortOrdering("identity")]
            request.fetchLimit = MirrorSnapshot.recordsPerLine
            if let root = book.model.entity(named: entity)?.rootName {
                request.relationshipKeyPathsForPrefetching = [MirrorBookkeeping.linkKey(root)]
            }
            let page = try context.fetch(request)
            guard let last = page.last?["identity", as: String.self] else {
                entities.removeFirst()
                after = nil
                continue
            }
            after = last
            var states: [MirrorRecordState] = []
            states.reserveCapacity(page.count)
            for record in page {
                let identity = record["identity", as: String.self] ?? "?"
                // A live record whose object is gone: deleted here after the last stamping.
                guard let clock = book.clock(of: record), clock.gone != nil || book.linkedObject(of: record) != nil,
                    let state = mirror.state(of: record, book: book, shapes: shapes)
                else { throw Inconsistent(identity: identity) }
                states.append(state)
            }
            records += states.count
            var data = try encoder.encode(states)
            data.append(0x0A)
            return data
        }
        return nil
    }

    /// The mirrored entities (with objects of their own), each after those its carried links name.
    static func order(mirror: StoreMirror, shapes: MirrorShape.Cache) -> [String] {
        let model = mirror.coordinator.managedObjectModel
        let names = model.entities.filter { !$0.isAbstract && mirror.isMirrored($0.name) }.map(\.name).sorted()
        var ordered: [String] = [], visiting = Set<String>(), done = Set<String>()
        func visit(_ name: String) {
            guard !done.contains(name), !visiting.contains(name), let entity = model.entity(named: name) else { return }
            visiting.insert(name)
            for link in shapes.shape(of: entity).links {
                guard let destination = entity.relationship(named: link.name)?.destination,
                    let target = model.entity(named: destination)
                else { continue }
                for other in target.hierarchyNames.sorted() where other != name && names.contains(other) {
                    visit(other)
                }
            }
            visiting.remove(name)
            done.insert(name)
            ordered.append(name)
        }
        for name in names { visit(name) }
        return ordered
    }
}
