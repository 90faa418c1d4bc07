import Foundation

extension FetchRequest {
    /// A request for objects of the typed class `type`: of the entity the context's model maps
    /// the class to (as ``ManagedObjectContext/insert(_:)`` finds it), which is named after
    /// the class unless ``EntityDescription/init(_:name:isAbstract:uniqueTogether:renamingIdentifier:)``
    /// named it otherwise. ``entityName`` is the class's name until a context resolves it.
    public init(_ type: Result.Type) {
        self.init(type, entityName: ManagedObject.typeName(of: type))
        entityNameIsTypeName = true
    }

    /// The request filtered by `predicate` (ANDed with a filter it has already).
    public func `where`(_ predicate: TypedPredicate<Result>) -> FetchRequest {
        var request = self
        request.predicate = self.predicate.map { $0 && predicate.predicate } ?? predicate.predicate
        return request
    }

    /// The request with `keyPath` as its next sort key.
    public func sorted<Value>(
        by keyPath: KeyPath<Result, Value>, ascending: Bool = true,
        options: PredicateComparison.Options = []
    ) -> FetchRequest {
        var request = self
        request.sortOrderings.append(SortOrdering(keyPath, ascending: ascending, options: options))
        return request
    }

    /// The request returning at most `count` objects.
    public func limit(_ count: Int) -> FetchRequest {
        var request = self
        request.fetchLimit = count
        return request
    }

    /// The request with `keyPaths` (to-many or to-one relationships) prefetched.
    public func prefetching<Value>(_ keyPath: KeyPath<Result, Value>) -> FetchRequest {
        var request = self
        request.relationshipKeyPathsForPrefetching.append(KeyPathProbe.components(of: keyPath).joined(separator: "."))
        return request
    }
}

extension ManagedObjectContext {
    /// The objects of the typed class `type` that satisfy `predicate`, sorted by `sortOrderings`.
    /// - Throws: what ``fetch(_:)`` throws.
    public func fetch<T: ManagedObject>(
        _ type: T.Type, where predicate: TypedPredicate<T>? = nil,
        sortedBy sortOrderings: [SortOrdering] = []
    ) throws -> [T] {
        var request = FetchRequest(type)
        request.predicate = predicate?.predicate
        request.sortOrderings = sortOrderings
        return try fetch(request)
    }
}

extension PredicateKey {
    /// The key of the typed properties along `keyPath`, for the untyped builder.
    public init<Root: ManagedObject, Value>(_ keyPath: KeyPath<Root, Value>) {
        self.init(path: KeyPathProbe.components(of: keyPath))
    }
}

extension ManagedObject {
    /// The string API's name of the typed properties along `keyPath` (`"folder.name"`), for
    /// `value(forKey:)`, `%K` and the like; nil when `keyPath` does not go through typed properties.
    public static func keyName<Root: ManagedObject, Value>(_ keyPath: KeyPath<Root, Value>) -> String? {
        KeyPathProbe.path(of: keyPath)?.joined(separator: ".")
    }
}
