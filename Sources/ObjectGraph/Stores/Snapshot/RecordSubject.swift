import Foundation

/// A stored row of a ``GraphSnapshot`` as the predicate evaluator sees it, so the in-memory
/// and binary stores filter with the same evaluator contexts use for unsaved objects.
struct RecordSubject: PredicateSubject {
    let graph: GraphSnapshot
    let model: ManagedObjectModel
    let root: String
    let key: Int64

    var predicateObjectID: ObjectID? { graph.objectID(root: root, key: key) }

    func predicateProperty(named name: String) -> PredicateProperty {
        guard let record = graph.tables[root]?.records[key], let entity = model.entity(named: record.entityName) else {
            return .unknown
        }
        if let index = entity.attributeIndexes[name] {
            return .value(index < record.attributes.count ? record.attributes[index].predicateValue : .null)
        }
        guard let index = entity.relationshipIndexes[name] else { return .unknown }
        let relationship = entity.allRelationships[index]
        guard let destinationRoot = model.entity(named: relationship.destination)?.rootName else { return .unknown }
        if relationship.isToMany {
            let ids = SnapshotStore.destinations(
                in: graph, model: model, entity: entity, key: key, relationship: relationship)
            return .objects(
                ids.compactMap { id in
                    id.primaryKey.map { RecordSubject(graph: graph, model: model, root: destinationRoot, key: $0) }
                })
        }
        guard index < record.toOne.count, let target = record.toOne[index] else { return .object(nil) }
        return .object(RecordSubject(graph: graph, model: model, root: destinationRoot, key: target))
    }
}
