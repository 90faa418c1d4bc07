import Foundation

/// Keeps the results of a fetch request in sections and in step with its context, for lists
/// and tables: after every change batch of the context (every save runs one) it updates the
/// results in memory and tells its ``delegate`` which sections and objects appeared,
/// vanished, moved or changed.
///
/// ```swift
/// var request = FetchRequest(Entry.self, entityName: "Entry")
/// request.sortOrderings = [SortOrdering("creationTime", ascending: false)]
/// let controller = try FetchedResultsController(fetchRequest: request, context: context,
///                                               sectionKey: .localDay(of: "creationTime"))
/// try controller.performFetch()
/// for section in controller.sections { print(section.name, section.numberOfObjects) }
/// ```
///
/// The fetch request's offset and limit apply to ``performFetch()`` only; objects that start
/// or stop matching later are added or removed without them. Like its context, a controller
/// is confined to the context's thread or task.
public final class FetchedResultsController<Result: ManagedObject> {
    /// The request whose results are shown.
    public let fetchRequest: FetchRequest<Result>
    /// The context followed.
    public let managedObjectContext: ManagedObjectContext
    /// How sections are named, or nil for one unnamed section.
    public let sectionKey: SectionKey?
    /// The name of the section-name cache shared with other controllers, if any.
    public let cacheName: String?
    /// Told about changes after every change batch that changed the results.
    public weak var delegate: (any FetchedResultsControllerDelegate)?

    /// The sections, in order (empty before ``performFetch()``).
    public private(set) var sections: [FetchedResultsSection<Result>] = []

    private var objects: [Result] = []
    private var positions: [ObjectIdentifier: SectionIndexPath] = [:]
    private let entityNames: Set<String>
    /// The shared section-name cache of `cacheName`; nil without a name (a private cache would
    /// only hold one entry per distinct value, each derived once anyway).
    private let cache: SectionNameCache?
    private var observer: ObserverToken?

    /// A controller for `fetchRequest` in `context`, sectioned by `sectionKey`.
    /// - Throws: ``FetchedResultsControllerError/firstSortKeyMustOrderSections(sectionKey:firstSortKey:)``
    ///   when the first sort key is not the section key's source, ``ObjectGraphError/unknownEntity(_:)``.
    public init(
        fetchRequest: FetchRequest<Result>, context: ManagedObjectContext,
        sectionKey: SectionKey? = nil, cacheName: String? = nil
    ) throws {
        guard let entity = context.managedObjectModel.entity(named: fetchRequest.entityName) else {
            throw ObjectGraphError.unknownEntity(fetchRequest.entityName)
        }
        if let sectionKey, fetchRequest.sortOrderings.first?.key != sectionKey.sourceKey {
            throw FetchedResultsControllerError.firstSortKeyMustOrderSections(
                sectionKey: sectionKey.sourceKey, firstSortKey: fetchRequest.sortOrderings.first?.key)
        }
        self.fetchRequest = fetchRequest
        managedObjectContext = context
        self.sectionKey = sectionKey
        self.cacheName = cacheName
        entityNames = Set(fetchRequest.includesSubentities ? entity.hierarchyNames : [entity.name])
        cache = cacheName.map(SectionNameCache.cache(named:))
    }

    /// A controller sectioned by the value of `sectionNameKeyPath` (nil: one section).
    /// - Throws: as ``init(fetchRequest:context:sectionKey:cacheName:)``.
    public convenience init(
        fetchRequest: FetchRequest<Result>, context: ManagedObjectContext,
        sectionNameKeyPath: String?, cacheName: String? = nil
    ) throws {
        try self.init(
            fetchRequest: fetchRequest, context: context,
            sectionKey: sectionNameKeyPath.map(SectionKey.keyPath), cacheName: cacheName)
    }

    deinit {
        if let observer { managedObjectContext.removeObserver(observer) }
    }

    /// Forgets the section names cached under `name`.
    public static func deleteCache(named name: String) { SectionNameCache.delete(named: name) }

    /// Runs the fetch (unsaved changes included), builds the sections and starts following the context.
    /// - Throws: as ``ManagedObjectContext/fetch(_:)``, and
    ///   ``FetchedResultsControllerError/sectionsNotContiguous(section:)``.
    public func performFetch() throws {
        let fetched = try managedObjectContext.fetch(fetchRequest)
        let built = buildSections(fetched)
        var seen = Set<String>()
        for section in built where !seen.insert(section.name).inserted {
            throw FetchedResultsControllerError.sectionsNotContiguous(section: section.name)
        }
        install(fetched, built)
        if observer == nil {
            observer = managedObjectContext.addObserver { [weak self] event in
                switch event {
                case .objectsDidChange(let changes):
                    self?.apply(changes)
                case .didSave(let summary):
                    // Saved inserts may have changed after they were announced: place them again.
                    self?.placeAgain(summary.inserted + summary.updated)
                case .willSave:
                    break
                }
            }
        }
    }

    /// Every object, in order across sections.
    public var fetchedObjects: [Result] { objects }

    /// The object at `indexPath`, or nil when there is none.
    public func object(at indexPath: SectionIndexPath) -> Result? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].objects.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].objects[indexPath.item]
    }

    /// Where `object` is, or nil when it is not among the results.
    public func indexPath(for object: ManagedObject) -> SectionIndexPath? {
        positions[ObjectIdentifier(object)]
    }

    // MARK: Building

    private func buildSections(_ objects: [Result]) -> [FetchedResultsSection<Result>] {
        guard let sectionKey else { return objects.isEmpty ? [] : [FetchedResultsSection(name: "", objects: objects)] }
        var sections: [FetchedResultsSection<Result>] = []
        var currentName: String?
        var current: [Result] = []
        for object in objects {
            let name = sectionKey.sectionName(of: object, cache: cache)
            if name != currentName, let previous = currentName {
                sections.append(FetchedResultsSection(name: previous, objects: current))
                current = []
            }
            currentName = name
            current.append(object)
        }
        if let currentName { sections.append(FetchedResultsSection(name: currentName, objects: current)) }
        return sections
    }

    private func install(_ objects: [Result], _ sections: [FetchedResultsSection<Result>]) {
        self.objects = objects
        self.sections = sections
        positions = [:]
        for (sectionIndex, section) in sections.enumerated() {
            for (item, object) in section.objects.enumerated() {
                positions[ObjectIdentifier(object)] = SectionIndexPath(item: item, section: sectionIndex)
            }
        }
    }

    // MARK: Following the context

    /// Re-sorts and re-checks the objects of `ids` this context holds; reports only what moved, came or went.
    private func placeAgain(_ ids: [ObjectID]) {
        let objects = ids.compactMap { managedObjectContext.registeredObject(for: $0) }
        guard !objects.isEmpty else { return }
        apply(ObjectChanges(inserted: [], updated: objects, deleted: []), reportsUpdates: false)
    }

    /// Applies one change batch to the results and reports the differences.
    private func apply(_ changes: ObjectChanges, reportsUpdates: Bool = true) {
        let search = try? fetchRequest.fullTextSearch.map { search in
            (
                search,
                try search.searchedAttributes(
                    of: managedObjectContext.managedObjectModel.entity(named: fetchRequest.entityName)
                        ?? EntityDescription(fetchRequest.entityName))
            )
        }
        func matches(_ object: ManagedObject) -> Bool {
            guard !object.isDeleted, entityNames.contains(object.entity.name), object is Result else { return false }
            if let (search, attributes) = search ?? nil, !search.matches(object, attributes: attributes) {
                return false
            }
            return (try? fetchRequest.predicate?.evaluate(with: object) ?? true) ?? false
        }
        var members = Set(objects.map(ObjectIdentifier.init))
        var touched = Set<ObjectIdentifier>()
        var next = objects
        var removed = Set<ObjectIdentifier>()
        for object in changes.deleted where members.contains(ObjectIdentifier(object)) {
            removed.insert(ObjectIdentifier(object))
        }
        for object in changes.updated + changes.inserted {
            let id = ObjectIdentifier(object)
            let isMember = members.contains(id) && !removed.contains(id)
            let shouldBe = matches(object)
            if isMember && !shouldBe {
                removed.insert(id)
            } else if !isMember && shouldBe, let result = object as? Result {
                next.append(result)
                members.insert(id)
            } else if isMember {
                touched.insert(id)
            }
        }
        // Objects of other entities can move ours when a sort key path runs through them.
        let sortsThroughRelationships = fetchRequest.sortOrderings.contains { $0.key.contains(".") }
        guard
            !removed.isEmpty || next.count != objects.count || !touched.isEmpty
                || (sortsThroughRelationships && !changes.updated.isEmpty)
        else { return }
        next.removeAll { removed.contains(ObjectIdentifier($0)) }
        next = SortOrdering.sorted(next, by: fetchRequest.sortOrderings) { $0 }

        let oldSections = sections
        let oldPositions = positions
        install(next, buildSections(next))
        report(
            changes: diff(
                oldSections: oldSections, oldPositions: oldPositions, touched: touched,
                movesAnything: sortsThroughRelationships, reportsUpdates: reportsUpdates))
    }

    private func diff(
        oldSections: [FetchedResultsSection<Result>], oldPositions: [ObjectIdentifier: SectionIndexPath],
        touched: Set<ObjectIdentifier>, movesAnything: Bool, reportsUpdates: Bool
    ) -> FetchedResultsChanges {
        var changes = FetchedResultsChanges()
        let oldNames = Set(oldSections.map(\.name)), newNames = Set(sections.map(\.name))
        for (index, section) in oldSections.enumerated() where !newNames.contains(section.name) {
            changes.deletedSections.append(.init(name: section.name, index: index))
        }
        for (index, section) in sections.enumerated() where !oldNames.contains(section.name) {
            changes.insertedSections.append(.init(name: section.name, index: index))
        }
        var deletes: [FetchedResultsChanges.ObjectChange] = []
        for section in oldSections {
            for object in section.objects where positions[ObjectIdentifier(object)] == nil {
                deletes.append(
                    .init(
                        kind: .delete, object: object, oldIndexPath: oldPositions[ObjectIdentifier(object)],
                        newIndexPath: nil))
            }
        }
        var others: [FetchedResultsChanges.ObjectChange] = []
        for object in objects {
            let id = ObjectIdentifier(object)
            let new = positions[id]
            guard let old = oldPositions[id] else {
                others.append(.init(kind: .insert, object: object, oldIndexPath: nil, newIndexPath: new))
                continue
            }
            // A section's position shifts when sections before it come or go; compare by name.
            let moved = old.item != new?.item || oldSections[old.section].name != sections[new?.section ?? 0].name
            if moved && (touched.contains(id) || movesAnything) {
                others.append(.init(kind: .move, object: object, oldIndexPath: old, newIndexPath: new))
            } else if touched.contains(id) && reportsUpdates {
                others.append(.init(kind: .update, object: object, oldIndexPath: old, newIndexPath: new))
            }
        }
        changes.objectChanges = deletes + others
        return changes
    }

    private func report(changes: FetchedResultsChanges) {
        guard !changes.isEmpty else { return }
        delegate?.controllerDidChangeContent(changes)
    }
}
