import Foundation

extension ManagedObjectContext {
    /// Inserts the objects `request` describes and saves them in one transaction, through a
    /// context of their own (see ``BatchInsertRequest``), recorded in the persistent history
    /// with this context's ``transactionAuthor`` and ``name``; contexts that merge
    /// automatically are told as of any save. This context's unsaved changes are not saved.
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)``, ``ObjectGraphError/abstractEntity(_:)``;
    ///   ``BatchInsertError`` for a key that is not an attribute; what a save throws
    ///   (``ObjectGraphError/validationFailed(_:)`` for a value that breaks the model's rules,
    ///   a uniqueness conflict, store failures). Nothing is inserted then.
    @discardableResult
    public func execute(_ request: BatchInsertRequest) throws -> BatchInsertResult {
        guard let entity = managedObjectModel.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        guard !entity.isAbstract else { throw ObjectGraphError.abstractEntity(entity.name) }
        for (index, values) in request.objects.enumerated() {
            for key in values.keys where entity.attribute(named: key) == nil {
                if entity.relationship(named: key) != nil {
                    throw BatchInsertError.relationship(entity: entity.name, key: key, index: index)
                }
                throw BatchInsertError.unknownKey(entity: entity.name, key: key, index: index)
            }
        }
        guard !request.objects.isEmpty else {
            return BatchInsertResult(count: 0, objectIDs: request.resultType == .objectIDs ? [] : nil)
        }
        let inserting = ManagedObjectContext(coordinator: persistentStoreCoordinator)
        inserting.transactionAuthor = transactionAuthor
        inserting.name = name
        var objects: [ManagedObject] = []
        objects.reserveCapacity(request.objects.count)
        for values in request.objects {
            let object = try inserting.insertObject(entityName: entity.name)
            for (key, value) in values where value != .null {
                if let index = entity.attributeIndex(key) { object.setAttribute(value, at: index) }
            }
            objects.append(object)
        }
        try inserting.save()
        let ids = request.resultType == .objectIDs ? objects.map(\.objectID) : nil
        inserting.reset()
        return BatchInsertResult(count: objects.count, objectIDs: ids)
    }
}
