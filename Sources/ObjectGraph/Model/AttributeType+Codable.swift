import Foundation

/// Attribute types are encoded by name, as in a store's ``ModelDescription``.
extension AttributeType: Codable {}
