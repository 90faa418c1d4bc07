import Foundation
import ObjectGraph

extension Diary {
    /// Imports the files of `plan` (``PhotoImportPlan/scan(_:grouping:timeZone:inspector:)``):
    /// one entry per planned group, its media in capture order, dated by its first file,
    /// tagged with every name in `tags`.
    ///
    /// Each entry's files are checked completely and copied on all cores (a bounded pool, see
    /// ``prepareMedia(_:pool:_:)``); a file whose SHA-256 is already in the diary (or earlier in
    /// this run) is skipped, so a rerun adds nothing and a folder that grew adds only its new
    /// files. Each entry is saved in its own transaction as soon as its files are ready: an
    /// interrupted import keeps the entries saved before, and rerunning it completes the rest.
    /// A file that fails its check is refused (listed in the summary) and the others are imported.
    ///
    /// - Parameter progress: called after every file.
    /// - Returns: what was imported, skipped and refused.
    /// - Throws: ``DiaryError/tooManyTags(count:limit:)`` and similar for bad tags, store errors
    ///   (the entries saved before stay).
    public func importPhotos(_ plan: PhotoImportPlan, tags: [String] = [],
                             progress: ((PhotoImportProgress) -> Void)? = nil) throws(DiaryError) -> PhotoImportSummary {
        var summary = PhotoImportSummary(hiddenSkipped: plan.hiddenSkipped, notMediaSkipped: plan.notMediaSkipped)
        var step = PhotoImportProgress(filesDone: 0, fileCount: plan.fileCount, entriesDone: 0,
                                       entryCount: plan.entries.count, bytesDone: 0)
        var seen = Set<String>()
        for planned in plan.entries {
            var files: [PreparedFile] = []
            var modificationDated = 0
            let dated = Dictionary(planned.items.map { ($0.url, $0.isCaptureTime) }, uniquingKeysWith: { a, _ in a })
            do throws(DiaryError) {
                try prepareMedia(planned.items.map { MediaRequest($0.url) }) { (request, result) throws(DiaryError) in
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
                            if dated[request.url] == false { modificationDated += 1 }
                        }
                    case .failure(let error):
                        summary.refused.append(.init(url: request.url, error: error))
                    }
                    progress?(step)
                }
            } catch {
                for file in files { discard(file) }
                throw error
            }
            step.entriesDone += 1
            guard !files.isEmpty else {
                progress?(step)
                continue
            }
            let editor = try newEntry()
            editor.creationTime = planned.date
            do {
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
            summary.modificationDated += modificationDated
            progress?(step)
        }
        return summary
    }

    /// Whether a medium with this SHA-256 is in the diary (in an entry or in the trash).
    func hasMedium(sha256: String) throws(DiaryError) -> Bool {
        let context = makeContext()
        let request = FetchRequest(Medium.self, entityName: DiaryModel.Entity.medium,
                                   predicate: .equals("sha256", .string(sha256)))
        return try DiaryError.wrapping(databaseURL) { try !context.fetch(request).isEmpty }
    }
}
