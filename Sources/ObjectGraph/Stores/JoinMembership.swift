import Foundation

/// The members of one join-table relationship of one object.
struct JoinMembership: Sendable {
    var source: ObjectID
    var entityName: String
    var relationship: String
    var members: [ObjectID]
}
