import Foundation
import ObjectGraph

extension Diary {
    /// Checks the whole store: SQLite's integrity check, every medium's blob file present
    /// with its recorded SHA-256 and size (each file streamed), and the blob files and
    /// leftover temporary files nothing refers to. With `repair`, those unreferenced files
    /// are removed (only they: a missing or damaged blob is reported, never touched), and only
    /// when the store has no other problem: while a medium is missing or damaged or the
    /// database reports problems, a file that looks unreferenced may be a medium's only copy
    /// (its record's hash damaged), so repair removes nothing and lists what it kept, naming
    /// the missing medium each file has the size of.
    ///
    /// - Parameter staleAfter: unreferenced files younger than this many seconds are listed
    ///   but spared, as a save in another process may be about to refer to them.
    /// - Throws: ``DiaryError/storeBusy(_:)`` when another process keeps writing;
    ///   ``DiaryError/io(path:reason:)``; other store errors.
    /// - Parameter temporaryDirectory: where imports unpack zips; the folders killed imports
    ///   left there are reported (and removed with `repair`).
    public func check(
        repair: Bool = false, staleAfter: TimeInterval = 3600,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) throws(DiaryError) -> CheckReport {
        if let encryptionKey {
            // Every page of an encrypted store authenticated first: a tampered page would stop the
            // checks below at the first one they read, naming only it.
            let pages = try DiaryError.wrapping(databaseURL) {
                try PersistentStoreCoordinator.damagedPages(ofDatabaseAt: databaseURL, key: encryptionKey)
            }
            if !pages.isEmpty {
                return CheckReport(
                    integrityProblems: pages.map { Self.damagedPageProblem($0) }, blobProblems: [],
                    unreferencedBlobs: [], recentUnreferencedBlobs: [], staleStagingFiles: [],
                    removed: [], verifiedBlobCount: 0)
            }
        }
        let integrity = try DiaryError.wrapping(databaseURL) { try coordinator.integrityProblems() }
        let context = makeContext()
        var problems: [CheckReport.BlobProblem] = []
        var verified = 0
        let request = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry,
            sortOrderings: [SortOrdering("creationTime")])
        var trashed = 0
        var referencedFiles = Set<String>()
        for entry in try DiaryError.wrapping(databaseURL, { try context.fetch(request) }) {
            if entry.trashedTime != nil { trashed += 1 }
            for (offset, medium) in entry.orderedMedia.enumerated() {
                referencedFiles.insert(blobStore.fileName(forSHA256: Self.reference(of: medium).sha256))
                verified += 1
                if let problem = try blobProblem(
                    of: medium, mediumIndex: offset + 1,
                    entryID: entry.objectID.primaryKey ?? 0)
                {
                    problems.append(problem)
                }
            }
        }
        // In an encrypted store, the files no row refers to are authenticated too (the rows'
        // files were, above): a tampered one is named even though nothing would read it.
        let damagedUnreferenced = try DiaryError.wrapping(databaseURL) {
            try blobStore.damagedBlobFiles(excluding: referencedFiles).map(\.name)
        }
        let removes = repair && integrity.isEmpty && problems.isEmpty
        let garbage = try DiaryError.wrapping(databaseURL) {
            try coordinator.blobGarbage(olderThan: staleAfter, remove: removes)
        }
        let workFolders = [BundleReader.extractionPrefix, DayOneReader.extractionPrefix].flatMap { prefix in
            WorkFolder.stale(in: temporaryDirectory, prefix: prefix)
        }.map { temporaryDirectory.appendingPathComponent($0).path }
        let removedFolders =
            removes ? workFolders.filter { (try? FileManager.default.removeItem(atPath: $0)) != nil } : []
        var report = CheckReport(
            integrityProblems: integrity, blobProblems: problems,
            unreferencedBlobs: garbage.unreferencedBlobs,
            recentUnreferencedBlobs: garbage.recentUnreferencedBlobs,
            staleStagingFiles: garbage.staleTemporaryFiles,
            staleWorkFolders: workFolders,
            removed: removes ? garbage.unreferencedBlobs + garbage.staleTemporaryFiles + removedFolders : [],
            verifiedBlobCount: verified, trashedEntryCount: trashed)
        report.damagedUnreferencedBlobs = damagedUnreferenced
        report.syncConflictEntryIDs = try syncConflictEntryIDs()
        report.migrationBackups = migrationBackups()
        report.keptDamagedLogs = keptDamagedLogs()
        if encryptionKey != nil {
            report.plaintextBackups = report.migrationBackups.filter {
                isPlaintextDatabase(directory.appending(component: $0))
            }
            if removes {
                for name in report.plaintextBackups {
                    for suffix in ["", "-wal", "-shm"] {
                        _ = unlink(directory.appending(component: name + suffix).path)
                    }
                    report.removed.append(name)
                }
            }
        }
        if repair && !removes {
            report.kept = keptFiles(garbage.unreferencedBlobs + garbage.staleTemporaryFiles, problems: problems)
        }
        return report
    }

    /// The names of the migration backups beside the database, sorted.
    private func migrationBackups() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { Self.isMigrationBackup($0) && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.sorted()
    }

    /// Whether the file at `url` starts as a plaintext SQLite database does.
    private func isPlaintextDatabase(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
    }

    /// The blob reference of `medium`: its own, or one made from its recorded hash and size.
    static func reference(of medium: Medium) -> BlobReference {
        medium.blob ?? BlobReference(sha256: medium.sha256, byteCount: medium.byteCount)
    }

    /// What is wrong with `medium`'s file (medium `mediumIndex` of entry `entryID`): missing, or
    /// no longer matching its hash; nil when it is intact. Reads the whole file (streamed).
    /// - Throws: store errors other than a missing or damaged file, as ``DiaryError``.
    func blobProblem(of medium: Medium, mediumIndex: Int, entryID: Int64) throws(DiaryError) -> CheckReport.BlobProblem?
    {
        let reference = Self.reference(of: medium)
        let kind: CheckReport.BlobProblem.Kind
        do {
            guard try !blobStore.verify(reference) else { return nil }
            kind = .corrupt
        } catch .missingBlob, .invalidHash {
            kind = .missing
        } catch {
            throw DiaryError(error, store: databaseURL)
        }
        return CheckReport.BlobProblem(
            entryID: entryID, mediumIndex: mediumIndex, sha256: reference.sha256, kind: kind,
            byteCount: reference.byteCount, fileName: medium.originalFileName)
    }

    /// How the check names page `number` of the database when it fails authentication.
    static func damagedPageProblem(_ number: Int) -> String {
        "page \(number) of Diary.sqlite fails authentication: it was changed or damaged outside diary"
    }

    /// `names` as files repair kept, each unreferenced blob with the missing medium of its size.
    private func keptFiles(_ names: [String], problems: [CheckReport.BlobProblem]) -> [CheckReport.KeptFile] {
        var missingBySize: [Int64: CheckReport.BlobProblem] = [:]
        for problem in problems where problem.kind == .missing {
            if let size = problem.byteCount, missingBySize[size] == nil { missingBySize[size] = problem }
        }
        return names.sorted().map { name in
            CheckReport.KeptFile(name: name, sameSizeAs: blobStore.fileSize(ofBlob: name).flatMap { missingBySize[$0] })
        }
    }
}
