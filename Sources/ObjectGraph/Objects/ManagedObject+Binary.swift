import Foundation

extension ManagedObject {
    /// Sets binary attribute `key` from the file at `url` without reading it into memory:
    /// the file is copied (streamed, hashed) into the store's blob directory when the context
    /// saves, if the attribute allows external storage and the file is above the threshold.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` when `key` is not a binary attribute,
    ///   ``ObjectGraphError/binaryValueUnavailable(key:path:reason:)`` when the file cannot be read.
    public func setBinaryValue(fromFileAt url: URL, forKey key: String) throws {
        fireFaultIfNeeded()
        guard let index = entity.attributeIndex(key), entity.attributeTypes[index] == .binary else {
            throw ObjectGraphError.unknownKey(entity: entity.name, key: key)
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw ObjectGraphError.binaryValueUnavailable(
                key: key, path: url.path, reason: "the file is missing or unreadable")
        }
        guard index < values.count else { return }
        registerUndo()
        values[index] = .file(url)
        markChanged(key)
    }

    /// A file holding binary attribute `key`'s value, to stream from: the blob file for an
    /// externally stored value, the source file for one set from a file and not yet saved,
    /// or a temporary copy for a value kept inline. Nil when the value is nil. In an encrypted
    /// store an externally stored value is decrypted into a 0600 file in a fresh 0700 folder of
    /// the temporary directory (``BlobStore/decryptedCopy(of:)``), which the caller removes.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` for a key that is not a binary attribute;
    ///   a file error when a temporary copy cannot be written.
    public func binaryFileURL(forKey key: String) throws -> URL? {
        switch try storedBinaryValue(forKey: key) {
        case .blob(let reference)?: return try managedObjectContext?.blobFileURL(for: reference)
        case .staged(let pending)?: return pending.staged.temporaryURL
        case .file(let url)?: return url
        case .data(let data)?:
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("objectgraph-\(UUID().uuidString)")
            try data.write(to: url)
            return url
        default: return nil
        }
    }

    /// Binary attribute `key`'s value, read from its file when it lives in one; nil when the
    /// value is nil. Unlike ``value(forKey:)``, which gives nil for a value it cannot read, a
    /// blob file that is missing or damaged is an error here.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` for a key that is not a binary attribute;
    ///   ``BlobStoreError`` (``BlobStoreError/missingBlob(sha256:)`` among them) when the file cannot be read.
    public func binaryValue(forKey key: String) throws -> Data? {
        switch try storedBinaryValue(forKey: key) {
        case .blob(let reference)?:
            guard let data = try managedObjectContext?.blobData(for: reference) else {
                throw BlobStoreError.missingBlob(sha256: reference.sha256)
            }
            return data
        case .staged(let pending)?: return try Data(contentsOf: pending.staged.temporaryURL)
        case .file(let url)?: return try Data(contentsOf: url)
        case .data(let data)?: return data
        default: return nil
        }
    }

    /// Binary attribute `key`'s value as stored (a deferred one read from the store first);
    /// nil when the object holds no value there.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` for a key that is not a binary attribute.
    private func storedBinaryValue(forKey key: String) throws -> StoredValue? {
        fireFaultIfNeeded()
        guard let index = entity.attributeIndex(key), entity.attributeTypes[index] == .binary else {
            throw ObjectGraphError.unknownKey(entity: entity.name, key: key)
        }
        guard index < values.count else { return nil }
        resolveDeferredValue(at: index)
        return values[index]
    }

    /// The length in bytes of binary attribute `key`'s value without reading it, or nil.
    public func binaryByteCount(forKey key: String) -> Int64? {
        fireFaultIfNeeded()
        guard let index = entity.attributeIndex(key), index < values.count else { return nil }
        resolveDeferredValue(at: index)
        switch values[index] {
        case .blob(let reference): return reference.byteCount
        case .staged(let pending): return pending.staged.byteCount
        case .data(let data): return Int64(data.count)
        case .file(let url):
            return (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
        default: return nil
        }
    }

    /// Whether binary attribute `key`'s value lives in a file beside the store.
    public func isBinaryValueExternal(forKey key: String) -> Bool {
        fireFaultIfNeeded()
        guard let index = entity.attributeIndex(key), index < values.count else { return false }
        return values[index].externalReference != nil
    }
}

extension ManagedObject {
    /// Sets binary attribute `key` to a blob the caller has staged in this context's store's
    /// ``BlobStore`` (streamed and hashed, so its SHA-256 is known before saving). The save
    /// commits the blob inside its write transaction, so no other process's save can remove
    /// the file between its commit and the row that refers to it. If the save fails the staged
    /// file stays, for the caller to retry or ``BlobStore/discard(_:)``.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` when `key` is not a binary attribute
    ///   that allows external storage.
    public func setBinaryValue(_ staged: StagedBlob, forKey key: String) throws {
        fireFaultIfNeeded()
        guard let index = entity.attributeIndexes[key], entity.allAttributes[index].type == .binary,
            entity.allAttributes[index].allowsExternalStorage, index < values.count
        else {
            throw ObjectGraphError.unknownKey(entity: entity.name, key: key)
        }
        registerUndo()
        values[index] = .staged(PendingBlob(staged))
        markChanged(key)
    }

    /// The blob reference of binary attribute `key` when its value lives in a file beside the
    /// store, else nil. Never reads the file.
    public func binaryReference(forKey key: String) -> BlobReference? {
        fireFaultIfNeeded()
        guard let index = entity.attributeIndexes[key], index < values.count,
            case .blob(let reference) = values[index]
        else { return nil }
        return reference
    }
}
