import Foundation
import ObjectGraph

extension Diary {
    /// Imports the files of `plan` (``PhotoImportPlan/scan(_:grouping:timeZone:inspector:)``):
    /// one entry per planned group, its media in capture order, dated by the earliest file it
    /// holds (not by a file of that day already in the diary), tagged with every name in `tags`.
    ///
    /// The files are checked completely and copied on all cores (one bounded pool for the
    /// whole plan, see ``prepareMedia(_:pool:_:)``, so the next entry's files are decoded
    /// while one is saved); a file whose SHA-256 is already in the diary (or earlier in
    /// this run) is skipped, so a rerun adds nothing and a folder that grew adds only its new
    /// files. Each entry is saved in its own transaction as soon as its files are ready: an
    /// interrupted import keeps the entries saved before, and rerunning it completes the rest.
    /// A file that fails its check is refused (listed in the summary) and the others are imported.
    /// A file the diary holds whose stored copy is damaged or missing heals that copy, as adding
    /// it to an entry would (listed in the summary as healed, and counted as present).
    ///
    /// - Parameter progress: called after every file.
    /// - Returns: what was imported, skipped and refused.
    /// - Throws: ``DiaryError/tooManyTags(count:limit:)`` and similar for bad tags, store errors
    ///   (the entries saved before stay).
    public func importPhotos(
        _ plan: PhotoImportPlan, tags: [String] = [],
        progress: ((PhotoImportProgress) -> Void)? = nil
    ) throws(DiaryError) -> PhotoImportSummary {
        var summary = PhotoImportSummary(hiddenSkipped: plan.hiddenSkipped, notMediaSkipped: plan.notMediaSkipped)
        var step = PhotoImportProgress(
            filesDone: 0, fileCount: plan.fileCount, entriesDone: 0,
            entryCount: plan.entries.count, bytesDone: 0)
        // Bad tags are refused before any file is read.
        try newEntry().addTags(tags)
        let (toImport, present, seenHashes, toHeal) = try withoutStoredMedia(plan)
        var seen = seenHashes
        summary.alreadyPresent = present
        for copy in toHeal {
            do throws(DiaryError) {
                if try healStoredCopy(sha256: copy.sha256, from: copy.url) { summary.healed.append(copy.url) }
            } catch {
                summary.refused.append(.init(url: copy.url, error: error))
            }
        }
        let entries = toImport.entries
        step.fileCount = entries.reduce(0) { $0 + $1.fileCount }
        step.entryCount = entries.count
        // The files of every entry flow through one pool, in entry order, so the next entry's
        // files are decoded while one entry is saved; an entry is saved when its last file is in.
        var current = 0, remaining = entries.first?.fileCount ?? 0
        var files: [PreparedFile] = []
        // The moments of the files kept for the entry being filled: it is dated by the earliest.
        var instants: [Date] = []
        var modificationDated = 0
        let requests = entries.lazy.flatMap { $0.items.lazy.map { MediaRequest($0.url) } }
        let items = entries.lazy.flatMap { $0.items.lazy }
        var itemIterator = items.makeIterator()
        do throws(DiaryError) {
            try prepareMedia(requests) { (request, result) throws(DiaryError) in
                let item = itemIterator.next()
                let isCaptureTime = item?.isCaptureTime ?? true
                step.filesDone += 1
                switch result {
                case .success(let file):
                    step.bytesDone += file.byteCount
                    var known = seen.contains(file.sha256)
                    if !known { known = try hasMedium(sha256: file.sha256) }
                    if known {
                        summary.alreadyPresent += 1
                        discard(file)
                    } else {
                        seen.insert(file.sha256)
                        files.append(file)
                        if let item { instants.append(item.instant) }
                        if !isCaptureTime { modificationDated += 1 }
                    }
                case .failure(let error):
                    summary.refused.append(.init(url: request.url, error: error))
                }
                remaining -= 1
                if remaining == 0 {
                    let ready = files
                    files = []
                    var planned = entries[current]
                    planned.date = instants.min() ?? planned.date
                    instants = []
                    try save(ready, as: planned, tags: tags, into: &summary)
                    summary.modificationDated += ready.isEmpty ? 0 : modificationDated
                    modificationDated = 0
                    step.entriesDone += 1
                    current += 1
                    remaining = current < entries.count ? entries[current].fileCount : 0
                }
                progress?(step)
            }
        } catch {
            for file in files { discard(file) }
            throw error
        }
        return summary
    }

    /// `plan` without the files the diary holds already, each entry dated by its earliest file
    /// left and dropped when none is left: what importing it would add (`--dry-run` shows this).
    /// A file the size of a stored medium is hashed to tell (a rerun costs a hash per such file),
    /// and the stored copy of a file found is read to check it is intact (missing or damaged, the
    /// file heals it: see ``healStoredCopy(sha256:from:)``); nothing is decoded, so a damaged file
    /// is still counted here and refused by the import.
    /// - Returns: the plan, how many files were left out, their SHA-256s, and those of them whose
    ///   stored copy is missing or damaged.
    /// - Throws: store errors.
    public func withoutStoredMedia(
        _ plan: PhotoImportPlan
    ) throws(DiaryError)
        -> (plan: PhotoImportPlan, alreadyPresent: Int, hashes: Set<String>, toHeal: [(url: URL, sha256: String)])
    {
        var result = plan
        var present = 0
        var hashes = Set<String>()
        var toHeal: [(url: URL, sha256: String)] = []
        result.entries = []
        for var entry in plan.entries {
            var kept: [PhotoImportPlan.Item] = []
            for item in entry.items {
                if let hash = try storedHash(ofFileAt: item.url, byteCount: item.byteCount) {
                    if !hashes.contains(hash), try !storedCopyIsIntact(sha256: hash) { toHeal.append((item.url, hash)) }
                    hashes.insert(hash)
                    present += 1
                } else {
                    kept.append(item)
                }
            }
            guard let earliest = kept.map(\.instant).min() else { continue }
            entry.items = kept
            entry.date = earliest
            result.entries.append(entry)
        }
        return (result, present, hashes, toHeal)
    }

    /// Saves one planned entry with the prepared `files` (none: no entry) in one transaction.
    private func save(
        _ files: [PreparedFile], as planned: PhotoImportPlan.Entry, tags: [String],
        into summary: inout PhotoImportSummary
    ) throws(DiaryError) {
        guard !files.isEmpty else { return }
        let editor: EntryEditor
        do {
            editor = try newEntry()
            editor.creationTime = planned.date
            if let zone = planned.zone { editor.timeZoneIdentifier = zone }
            try editor.addTags(tags)
        } catch {
            for file in files { discard(file) }
            throw error
        }
        editor.add(files)
        try editor.save()
        summary.entriesCreated += 1
        summary.filesImported += files.count
        summary.bytesImported += files.reduce(0) { $0 + $1.byteCount }
    }

    /// The SHA-256 of the file at `url` when a medium with it is already stored; nil when
    /// none is (without reading the file when no stored medium has its size), or when it
    /// cannot be read (the import then refuses it with the reason).
    func storedHash(ofFileAt url: URL, byteCount: Int64) throws(DiaryError) -> String? {
        let context = makeContext()
        let request = FetchRequest(
            Medium.self, entityName: DiaryModel.Entity.medium,
            predicate: .equals("byteCount", .integer(byteCount)))
        guard try DiaryError.wrapping(databaseURL, { try !context.fetch(request).isEmpty }),
            // Opened without blocking and only as a regular file: never waits on a FIFO.
            let descriptor = try? InputFile.open(url)
        else { return nil }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let hasher = SHA256Hasher()
        while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(chunk) }
        let hash = hasher.finalizeHex()
        return try hasMedium(sha256: hash) ? hash : nil
    }

    /// Whether a medium with this SHA-256 is in the diary (in an entry or in the trash).
    func hasMedium(sha256: String) throws(DiaryError) -> Bool {
        let context = makeContext()
        let request = FetchRequest(
            Medium.self, entityName: DiaryModel.Entity.medium,
            predicate: .equals("sha256", .string(sha256)))
        return try DiaryError.wrapping(databaseURL) { try !context.fetch(request).isEmpty }
    }
}
