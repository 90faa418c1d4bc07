import Foundation

extension ValidationProblem {
    /// A deny rule forbids deleting the row of `id` in a batch delete.
    static func deniedBatchDelete(of id: ObjectID, relationship: String) -> ValidationProblem {
        ValidationProblem(
            objectID: id, entityName: id.entityName, key: relationship,
            rule: "cannot be deleted while '\(relationship)' still has objects (deny rule)")
    }
}
