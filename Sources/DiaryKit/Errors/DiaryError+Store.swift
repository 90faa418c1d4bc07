import Foundation
import ObjectGraph

extension DiaryError {
    /// Translates an error of the object graph, its store or its blob directory into a
    /// diary error about the store at `url`.
    init(_ error: any Error, store url: URL) {
        switch error {
        case let error as DiaryError:
            self = error
        case let failure as StoreFailure:
            switch failure {
            case .busy:
                // A writer held the lock past the busy timeout (ObjectGraph waited and retried first).
                self = .storeBusy(url)
            case .corrupt(_, let reason): self = .corruptStore(url, detail: reason)
            case .readOnly:
                // The files may be read but not written.
                self = .readOnlyStore(url.deletingLastPathComponent())
            case .io(let path, let reason): self = .io(path: path, reason: reason)
            }
        case ConcurrencyError.mergeConflict(let conflicts):
            self = .changedElsewhere(url, detail: Self.clause(describing: conflicts))
        case let error as StoreError:
            switch error {
            case .modelMismatch(_, _, let differences):
                self = .incompatibleStore(
                    url,
                    detail: differences.isEmpty
                        ? "its data model differs from this version's; use the diary version that wrote it"
                        : differences.joined(separator: "; ") + " (use the diary version that wrote it)")
            case .missingURL: self = .store(detail: error.description)
            case .missingStore: self = .noDiary(url.deletingLastPathComponent())
            case .missingDatabase(_, let isEmpty, let blobFolder, let count):
                self = .corruptStore(
                    url,
                    detail: "its database is \(isEmpty ? "empty" : "missing") but \(blobFolder) holds "
                        + "\(count) media \(count == 1 ? "file" : "files"); nothing was touched "
                        + "(restore \(url.lastPathComponent) from a backup)")
            case .damagedSchema(_, let problems):
                self = .corruptStore(url, detail: problems.joined(separator: "; ") + "; nothing was changed")
            case .damagedLog(_, let frame, let laterCommits):
                self = .corruptStore(url, detail: Self.damagedLogDetail(url, frame: frame, laterCommits: laterCommits))
            }
        case let error as MigrationError:
            switch error {
            case .newerStore:
                self = .incompatibleStore(
                    url, detail: "a newer diary wrote it; update diary to open it (nothing was changed)")
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
                self = .encryption(
                    Diary.isEncrypted(directory: folder)
                        ? .locked(folder) : .missingKeyFile(DiaryKeyFile.url(in: folder)))
            case .libraryUnavailable(let reason): self = .encryption(.unavailable(reason))
            case .damagedPage, .notEncrypted: self = .corruptStore(url, detail: error.description)
            case .rolledBack(_, let database, let recorded):
                self = .corruptStore(
                    url,
                    detail: "it is older than the diary this machine last wrote (it holds \(database) "
                        + "commit\(database == 1 ? "" : "s"), this machine recorded \(recorded)): an older copy of \(url.lastPathComponent) was put back, "
                        + "or its latest changes were lost; nothing was changed (if you put a backup back on purpose, "
                        + "'diary check --repair' accepts it as it is)")
            case .forgedCommitCounter:
                self = .corruptStore(
                    url,
                    detail: "its commit counter \(url.lastPathComponent)-counter fails authentication "
                        + "(tampered with, or another diary's); nothing was changed ('diary check --repair' accepts the "
                        + "database as it is)")
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
                problems.contains(where: { $0.rule == DiaryEntry.emptyRule })
            {
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

    /// What is wrong with a damaged write-ahead log, and the way out.
    static func damagedLogDetail(_ url: URL, frame: Int, laterCommits: Int) -> String {
        "its write-ahead log \(url.lastPathComponent)-wal is damaged at "
            + (frame == 0 ? "its header" : "frame \(frame)")
            + (laterCommits > 0 ? ", before \(laterCommits) later \(laterCommits == 1 ? "commit" : "commits")" : "")
            + "; opening it would silently drop what it holds, so nothing was changed "
            + "('diary check --repair' keeps the log aside, untouched, and opens the diary as of its last whole commit)"
    }
}
