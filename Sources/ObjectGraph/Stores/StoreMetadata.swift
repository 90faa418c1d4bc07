import Foundation

/// What every store records about itself: its UUID and the model it was written with.
struct StoreMetadata: Codable, Sendable, Hashable {
    var storeIdentifier: UUID
    var modelVersionHash: String
    var entityVersionHashes: [String: String]

    /// Metadata for a new store of `model`.
    init(newStoreFor model: ManagedObjectModel) {
        storeIdentifier = UUID()
        modelVersionHash = model.versionHash
        entityVersionHashes = model.entityVersionHashes
    }

    init(storeIdentifier: UUID, modelVersionHash: String, entityVersionHashes: [String: String]) {
        self.storeIdentifier = storeIdentifier
        self.modelVersionHash = modelVersionHash
        self.entityVersionHashes = entityVersionHashes
    }

    /// - Throws: ``StoreError/modelMismatch(storeHash:modelHash:differences:)`` naming the
    ///   entities that differ when the store was written with another model.
    func check(against model: ManagedObjectModel) throws {
        guard modelVersionHash != model.versionHash else { return }
        throw StoreError.modelMismatch(
            storeHash: modelVersionHash, modelHash: model.versionHash,
            differences: ManagedObjectModel.differences(stored: entityVersionHashes, current: model.entityVersionHashes))
    }
}
