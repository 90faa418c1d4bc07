import Foundation

extension ManagedObjectContext {
    /// Loads to-many or to-one relationship `key` of all of `objects` at once, with the
    /// destination objects' values: one store query for the sources' faults and one for the
    /// destinations, instead of one per object when each relationship is first read. For
    /// listing many objects with their related ones; the same work as a fetch request's
    /// `relationshipKeyPathsForPrefetching`, for objects already fetched.
    ///
    /// Unsaved changes made from the other side are applied, as when the relationship is read.
    /// Relationships already loaded (they may hold unsaved changes) are kept; objects of
    /// another context are left alone.
    /// - Throws: ``FetchRequestError/unknownProperty(entity:key:)`` when none of the objects
    ///   has a relationship `key`; ``ObjectGraphError/noPersistentStore``; store errors.
    public func prefetch(_ key: String, of objects: [ManagedObject]) throws {
        let own = objects.filter { $0.managedObjectContext === self && !$0.objectID.isTemporaryID }
        guard !own.isEmpty else { return }
        try prefetch([key], for: own)
    }
}
