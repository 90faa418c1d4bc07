internal import CDeferredLibraries
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Diary {
    /// Exports the entries `query` selects (the whole diary by default) as a book: a static
    /// website in `directory`, readable offline in any browser and on a phone (see
    /// ``BookLayout`` for what it holds).
    ///
    /// `directory` must be new, empty, or a book an earlier export made (it holds
    /// `.photodiary-book.json`); any other folder is refused. Rebuilding a book rewrites only
    /// what changed: the new book is made in a hidden work folder beside `directory`
    /// (`.<name>.partial-<pid>-<uuid>`), every file whose content is unchanged (month pages of
    /// unchanged entries, media already there) a hard link to the previous book's, then flushed
    /// and swapped in with one atomic exchange; the old one is removed after. A failed or killed
    /// export leaves the previous book whole, and the next one removes what it left behind.
    /// The same diary gives the same bytes.
    /// - Parameters:
    ///   - timeZone: the zone of the days and months.
    ///   - progress: called after every page of entries.
    /// - Throws: ``DiaryError/interop(_:)`` when the folder cannot be used;
    ///   ``DiaryError/bundle(_:)`` when a media file cannot be copied or differs from its
    ///   record; store errors.
    public func exportBook(
        _ query: DiaryQuery = DiaryQuery(), to directory: URL,
        timeZone: any TimeZoneRules = TimeZone.current,
        progress: ((InteropProgress) -> Void)? = nil
    ) throws(DiaryError) -> BookExportSummary {
        let final = directory.standardizedFileURL
        let parent = final.deletingLastPathComponent()
        let prefix = ".\(final.lastPathComponent).partial"
        var previous: (root: URL, manifest: BookManifest)?
        switch BookManifest.find(in: final) {
        case .nothing: break
        case .book(let manifest):
            previous = manifest.version == BookManifest.version ? (final, manifest) : (final, BookManifest())
        case .otherContent(let reason): throw .interop(.io(final, reason: reason))
        }
        WorkFolder.sweep(in: parent, prefix: prefix)
        let work = parent.appendingPathComponent(WorkFolder.name(prefix: prefix))
        guard mkdir(work.path, 0o755) == 0 else {
            throw .interop(.io(work, reason: "cannot create the work folder: " + String(cString: strerror(errno))))
        }
        do throws(DiaryError) {
            let builder = BookBuilder(diary: self, work: work, previous: previous, timeZone: timeZone)
            let total = query.filter == EntryFilter() ? try entryCount() : 0
            let summary = try builder.build(query, total: total, progress: progress)
            try Self.flush(work)
            if previous != nil {
                // Both stay whole: the new book takes the name, the old one the work folder's.
                guard cdl_rename_exchange(work.path, final.path) == 0 else {
                    throw DiaryError.interop(
                        .io(
                            final,
                            reason: "cannot swap the new book into place: "
                                + String(cString: strerror(errno))))
                }
                try? BundleFile.openDirectory(parent).synchronize()
                try? FileManager.default.removeItem(at: work)
            } else {
                // rename(2) replaces an empty folder, never one with content.
                guard rename(work.path, final.path) == 0 else {
                    throw DiaryError.interop(
                        .io(
                            final,
                            reason: "cannot move the finished book into place: "
                                + String(cString: strerror(errno))))
                }
                try? BundleFile.openDirectory(parent).synchronize()
            }
            return summary
        } catch {
            try? FileManager.default.removeItem(at: work)
            throw error
        }
    }

    /// Flushes every file written into `folder` with one syncfs(2): the book's many small
    /// files are new, and what is linked from the previous book is on disk already.
    private static func flush(_ folder: URL) throws(DiaryError) {
        let directory: BundleFile
        do { directory = try BundleFile.openDirectory(folder) } catch { throw .bundle(error) }
        guard cdl_syncfs(directory.descriptor) == 0 else {
            throw .interop(.io(folder, reason: "cannot flush the book: " + String(cString: strerror(errno))))
        }
    }
}
