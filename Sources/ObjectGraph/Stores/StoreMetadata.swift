import Foundation

/// What every store records about itself: its UUID and the model it was written with.
struct StoreMetadata: Codable, Sendable, Hashable {
    var storeIdentifier: UUID
    var modelVersionHash: String
    var entityVersionHashes: [String: String]
    /// The full description of the model, for migration (nil in stores written before it was kept).
    var modelDescription: ModelDescription?
    /// The version hashes of the models the store was migrated away from, oldest first (nil in
    /// stores written before it was kept). Opening the store with one of them is a downgrade.
    var previousModelVersionHashes: [String]?

    /// Metadata for a new store of `model`.
    init(newStoreFor model: ManagedObjectModel) {
        storeIdentifier = UUID()
        modelVersionHash = model.versionHash
        entityVersionHashes = model.entityVersionHashes
        modelDescription = ModelDescription(model: model)
    }

    init(
        storeIdentifier: UUID, modelVersionHash: String, entityVersionHashes: [String: String],
        modelDescription: ModelDescription? = nil, previousModelVersionHashes: [String]? = nil
    ) {
        self.storeIdentifier = storeIdentifier
        self.modelVersionHash = modelVersionHash
        self.entityVersionHashes = entityVersionHashes
        self.modelDescription = modelDescription
        self.previousModelVersionHashes = previousModelVersionHashes
    }

    /// The same store's metadata once migrated to `model`.
    func migrated(to model: ManagedObjectModel) -> StoreMetadata {
        StoreMetadata(
            storeIdentifier: storeIdentifier, modelVersionHash: model.versionHash,
            entityVersionHashes: model.entityVersionHashes, modelDescription: ModelDescription(model: model),
            previousModelVersionHashes: modelVersionHash == model.versionHash
                ? previousModelVersionHashes : (previousModelVersionHashes ?? []) + [modelVersionHash])
    }
}
