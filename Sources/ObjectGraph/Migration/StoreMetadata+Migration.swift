import Foundation

extension StoreMetadata {
    /// What a store with this metadata must change to be opened with `model`: nil when it was
    /// written with `model`, else the difference (every change of which is lightweight) and the
    /// model the store was written with, rebuilt from its description.
    /// - Throws: ``StoreError/modelMismatch(storeHash:modelHash:differences:)`` when the store keeps
    ///   no description of its model, or one that does not give its version hash (so it cannot be
    ///   trusted); ``MigrationError/incompatibleChanges(path:changes:)`` listing each change a
    ///   lightweight migration cannot make; ``MigrationError/newerStore(path:)`` when the store
    ///   was migrated away from `model` before (an older program opening a newer store: migrating
    ///   back would drop what the newer model added).
    func migration(
        to model: ManagedObjectModel, path: String
    ) throws -> (difference: ModelDifference, storedModel: ManagedObjectModel)? {
        guard modelVersionHash != model.versionHash else { return nil }
        if previousModelVersionHashes?.contains(model.versionHash) == true {
            throw MigrationError.newerStore(path: path)
        }
        guard let modelDescription, let storedModel = try? modelDescription.makeModel(),
            storedModel.versionHash == modelVersionHash
        else {
            throw StoreError.modelMismatch(
                storeHash: modelVersionHash, modelHash: model.versionHash,
                differences: ManagedObjectModel.differences(
                    stored: entityVersionHashes, current: model.entityVersionHashes))
        }
        let difference = ModelDifference(from: modelDescription, to: model)
        let incompatible = difference.incompatibleChanges
        guard incompatible.isEmpty else { throw MigrationError.incompatibleChanges(path: path, changes: incompatible) }
        return (difference, storedModel)
    }

    /// The name of the backup copy made beside `url` before migrating away from this model.
    func backupURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(
            "\(url.lastPathComponent).backup-\(modelVersionHash.prefix(12))")
    }

    /// Makes the backup copy of the store at `url` before migrating: `copy` writes a temporary
    /// file beside it, which is then renamed into place (replacing an older backup of the same name).
    /// Returns the backup's URL.
    /// - Throws: ``MigrationError/backupFailed(path:reason:)``.
    func makeBackup(of url: URL, copy: (URL) throws -> Void) throws -> URL {
        let backup = backupURL(for: url)
        let temporary = backup.deletingLastPathComponent().appendingPathComponent(
            ".\(backup.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try copy(temporary)
            guard rename(temporary.path, backup.path) == 0 else {
                throw MigrationError.backupFailed(path: backup.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error as? MigrationError
                ?? MigrationError.backupFailed(path: backup.path, reason: String(describing: error))
        }
        return backup
    }
}
