import Foundation
import ObjectGraph

extension DiaryError {
    /// Translates an error of the object graph, its store or its blob directory into a
    /// diary error about the store at `url`.
    init(_ error: any Error, store url: URL) {
        switch error {
        case let error as DiaryError:
            self = error
        case let error as SQLiteError where error.failure == .busy:
            // Another connection holds the lock past the timeout.
            self = .storeBusy(url)
        case ConcurrencyError.mergeConflict(let conflicts):
            self = .changedElsewhere(url, detail: Self.clause(describing: conflicts))
        case ConcurrencyError.storeBusy:
            // A writer held the lock past the busy timeout (ObjectGraph waited and retried first).
            self = .storeBusy(url)
        case let error as SQLiteError where error.failure == .corrupt:
            self = .corruptStore(url, detail: error.message)
        case let error as SQLiteError where error.failure == .readOnly:
            // The files may be read but not written.
            self = .readOnlyStore(url.deletingLastPathComponent())
        case let error as SQLiteError where error.failure == .io:
            self = .io(path: url.path, reason: error.message)
        case let error as StoreError:
            switch error {
            case .modelMismatch(_, _, let differences):
                self = .incompatibleStore(url, detail: differences.isEmpty
                    ? "its data model differs from this version's; use the diary version that wrote it"
                    : differences.joined(separator: "; ") + " (use the diary version that wrote it)")
            case .corruptStore(_, let reason): self = .corruptStore(url, detail: reason)
            case .io(let path, let reason): self = .io(path: path, reason: reason)
            case .missingURL: self = .store(detail: error.description)
            case .missingStore: self = .noDiary(url.deletingLastPathComponent())
            case .readOnly: self = .readOnlyStore(url.deletingLastPathComponent())
            case .missingDatabase(_, let isEmpty, let blobFolder, let count):
                self = .corruptStore(url, detail: "its database is \(isEmpty ? "empty" : "missing") but \(blobFolder) holds "
                    + "\(count) media \(count == 1 ? "file" : "files"); nothing was touched "
                    + "(restore \(url.lastPathComponent) from a backup)")
            case .damagedSchema(_, let problems):
                self = .corruptStore(url, detail: problems.joined(separator: "; ") + "; nothing was changed")
            }
        case let error as MigrationError:
            switch error {
            case .newerStore:
                self = .incompatibleStore(url, detail: "a newer diary wrote it; update diary to open it (nothing was changed)")
            case .backupFailed(let path, let reason):
                self = .io(path: path, reason: reason)
            default:
                self = .incompatibleStore(url, detail: error.description)
            }
        case let error as StoreEncryptionError:
            let folder = url.deletingLastPathComponent()
            switch error {
            // The key came from the key file the passphrase unsealed: that file is not this database's.
            case .wrongKey: self = .encryption(.foreignKeyFile(DiaryKeyFile.url(in: folder)))
            case .keyRequired:
                self = .encryption(Diary.isEncrypted(directory: folder)
                    ? .locked(folder) : .missingKeyFile(DiaryKeyFile.url(in: folder)))
            case .libraryUnavailable(let reason): self = .encryption(.unavailable(reason))
            case .damagedPage, .notEncrypted: self = .corruptStore(url, detail: error.description)
            default: self = .store(detail: error.description)
            }
        case let error as BlobStoreError:
            switch error {
            case .unreadableSource(let path, let reason):
                self = .unreadableFile(URL(fileURLWithPath: path), reason: reason)
            case .writeFailed(let path, let reason), .readFailed(let path, let reason),
                 .directoryUnavailable(let path, let reason):
                self = .io(path: path, reason: reason)
            case .damagedBlob:
                self = .corruptStore(url, detail: error.description)
            default:
                self = .store(detail: error.description)
            }
        case let error as ObjectGraphError:
            if case .validationFailed(let problems) = error,
               problems.contains(where: { $0.rule == DiaryEntry.emptyRule }) {
                self = .emptyEntry
            } else {
                self = .store(detail: error.description)
            }
        case let error as BundleError:
            self = .bundle(error)
        default:
            self = .store(detail: String(describing: error))
        }
    }

    /// Runs `body`, turning whatever it throws into a ``DiaryError`` about the store at `url`.
    static func wrapping<T>(_ url: URL, _ body: () throws -> T) throws(DiaryError) -> T {
        do {
            return try body()
        } catch {
            throw DiaryError(error, store: url)
        }
    }
}
