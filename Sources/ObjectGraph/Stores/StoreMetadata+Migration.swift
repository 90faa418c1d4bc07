import Foundation

extension StoreMetadata {
    /// What a store with this metadata must change to be opened with `model`: nil when it was
    /// written with `model`, else the difference, every change of which is lightweight.
    /// - Throws: ``StoreError/modelMismatch(storeHash:modelHash:differences:)`` when the store keeps
    ///   no description of its model; ``MigrationError/incompatibleChanges(path:changes:)`` listing
    ///   each change a lightweight migration cannot make; ``ModelError`` for a damaged description.
    func migrationDifference(to model: ManagedObjectModel, path: String) throws -> ModelDifference? {
        guard modelVersionHash != model.versionHash else { return nil }
        guard let modelDescription else {
            throw StoreError.modelMismatch(
                storeHash: modelVersionHash, modelHash: model.versionHash,
                differences: ManagedObjectModel.differences(stored: entityVersionHashes, current: model.entityVersionHashes))
        }
        let difference = ModelDifference(from: modelDescription, to: model)
        let incompatible = difference.incompatibleChanges
        guard incompatible.isEmpty else { throw MigrationError.incompatibleChanges(path: path, changes: incompatible) }
        return difference
    }

    /// The name of the backup copy made beside `url` before migrating away from this model.
    func backupURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).backup-\(modelVersionHash.prefix(12))")
    }
}
