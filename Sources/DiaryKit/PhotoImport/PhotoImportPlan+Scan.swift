import Foundation
import MediaKit
import ObjectGraph

extension PhotoImportPlan {
    /// Walks `urls` (folders recursively, files as given; symbolic links to folders are followed,
    /// each folder walked once, known by device and inode, so a link back up the tree or to a
    /// folder walked already adds nothing), lets each file's content decide whether it is a photo or a recording (the
    /// name plays no part), reads each photo's capture time from its headers only, and groups the
    /// files into entries.
    ///
    /// A photo's local day is the camera's own clock reading (in its offset when it recorded
    /// one, otherwise read as a time of `timeZone`); a file without a capture time (a recording,
    /// a photo without EXIF) is dated by its modification time in `timeZone`. Days larger than
    /// ``EntryLimits/maximumMediaCount`` are split into several entries. A file that cannot be
    /// read or probed is still planned (by its modification time), so the import refuses it
    /// with the reason.
    ///
    /// - Throws: ``DiaryError/missingFile(_:)`` or ``DiaryError/permissionDenied(_:)`` for a
    ///   path given that does not exist or cannot be read.
    public static func scan(
        _ urls: [URL], grouping: Grouping = .day, timeZone: any TimeZoneRules = TimeZone.current,
        inspector: MediaInspector = MediaInspector()
    ) throws(DiaryError) -> PhotoImportPlan {
        var scanner = Scanner(inspector: inspector, timeZone: timeZone)
        for url in urls {
            let url = url.standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw .missingFile(url)
            }
            if isFolder.boolValue {
                guard FileManager.default.isReadableFile(atPath: url.path) else { throw .permissionDenied(url) }
                scanner.walk(url)
            } else {
                scanner.consider(url)
            }
        }
        var plan = PhotoImportPlan(
            entries: group(scanner.items, by: grouping), hiddenSkipped: scanner.hidden,
            notMediaSkipped: scanner.notMedia)
        plan.unreadableFolders = scanner.unreadable.sorted { $0.path < $1.path }
        return plan
    }

    /// The entries for `items`: by local day (split at the media limit) or one each, in capture order.
    static func group(_ items: [(Item, DiaryDay)], by grouping: Grouping) -> [Entry] {
        // Ties broken by path, so that two runs over the same folder plan the same entries.
        let sorted = items.sorted { ($0.0.instant, $0.0.url.path) < ($1.0.instant, $1.0.url.path) }
        var entries: [Entry] = []
        switch grouping {
        case .photo:
            entries = sorted.map { Entry(day: $0.1, date: $0.0.instant, items: [$0.0]) }
        case .day:
            var byDay: [DiaryDay: [Item]] = [:]
            for (item, day) in sorted { byDay[day, default: []].append(item) }
            for (day, dayItems) in byDay {
                for start in stride(from: 0, to: dayItems.count, by: EntryLimits.maximumMediaCount) {
                    let chunk = Array(dayItems[start..<min(start + EntryLimits.maximumMediaCount, dayItems.count)])
                    entries.append(Entry(day: day, date: chunk[0].instant, items: chunk))
                }
            }
        }
        return entries.sorted { ($0.date, $0.items[0].url.path) < ($1.date, $1.items[0].url.path) }
    }
}

/// The folders a walk could not read, filled by the enumerator's error handler (called on the
/// walking thread, during `nextObject()`).
private final class FailedFolders {
    var urls: [URL] = []
}

/// The walk's state: the media found and what was left out.
private struct Scanner {
    let inspector: MediaInspector
    let timeZone: any TimeZoneRules
    var items: [(PhotoImportPlan.Item, DiaryDay)] = []
    var hidden = 0
    var notMedia = 0
    var unreadable: [URL] = []
    /// The folders walked so far, by device and inode: a link to one of them is not followed.
    var walkedFolders = Set<FileIdentity>()

    /// Every file under `folder`, hidden ones and hidden folders left out and counted; symbolic
    /// links to folders followed, each folder once. Nothing when `folder` was walked already.
    mutating func walk(_ folder: URL) {
        guard let identity = FileIdentity(path: folder.path, folderOnly: true), walkedFolders.insert(identity).inserted
        else { return }
        // The enumerator does not follow a link it starts at: it walks the folder the link names.
        let folder = folder.resolvingSymlinksInPath()
        let keys: [URLResourceKey] = [.isDirectoryKey, .isRegularFileKey, .isSymbolicLinkKey]
        // The walk goes on past a folder it cannot read, which is then named, not passed over.
        let failed = FailedFolders()
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: keys, options: [],
                errorHandler: { url, _ in
                    failed.urls.append(url); return true
                })
        else { return }
        defer { unreadable += failed.urls }
        var found: [URL] = []
        var linkedFolders: [URL] = []
        while let url = walker.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: Set(keys))
            if url.lastPathComponent.hasPrefix(".") {
                hidden += 1
                if values?.isDirectory == true { walker.skipDescendants() }
                continue
            }
            if values?.isDirectory == true {
                // Known before any link is followed, so a link to a folder of this walk adds nothing.
                if let identity = FileIdentity(path: url.path, folderOnly: true) { walkedFolders.insert(identity) }
                continue
            }
            if values?.isSymbolicLink == true, FileIdentity(path: url.path, folderOnly: true) != nil {
                linkedFolders.append(url)
            } else if values?.isRegularFile == true || values?.isSymbolicLink == true {
                found.append(url)
            }
        }
        // The walk's order depends on the file system; the plan sorts anyway.
        for url in found.sorted(by: { $0.path < $1.path }) { consider(url) }
        for url in linkedFolders.sorted(by: { $0.path < $1.path }) { walk(url) }
    }

    /// Plans `file` when its content is a photo or a recording; counts it as skipped otherwise.
    mutating func consider(_ file: URL) {
        let kind: MediumKind?
        do {
            kind = try inspector.sniff(fileAt: file)
        } catch {
            // Unreadable or too large: planned, so that the import refuses it with the reason.
            return add(file, captureTime: nil)
        }
        switch kind {
        case nil:
            notMedia += 1
        case .audio:
            add(file, captureTime: nil)
        case .image:
            if case .image(let info)? = try? inspector.probe(fileAt: file) {
                add(file, captureTime: info.metadata.captureTime)
            } else {
                add(file, captureTime: nil)
            }
        }
    }

    private mutating func add(_ file: URL, captureTime: CaptureTime?) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        if let captureTime {
            // The camera's clock reading is the local time of capture, whichever its offset.
            let day = DiaryDay(captureTime.wallClock, in: Self.utc)
            let instant = captureTime.instant(secondsFromGMT: timeZone.secondsFromGMT(for:))
            let zone =
                captureTime.utcOffsetSeconds.flatMap { offset in
                    offset == timeZone.secondsFromGMT(for: instant) ? nil : FixedOffset(seconds: offset).identifier
                } ?? EntryZone.recordedName(of: timeZone, at: instant)
            items.append((.init(url: file, instant: instant, isCaptureTime: true, byteCount: size, zone: zone), day))
        } else {
            let modified = (attributes?[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0)
            items.append(
                (
                    .init(
                        url: file, instant: modified, isCaptureTime: false, byteCount: size,
                        zone: EntryZone.recordedName(of: timeZone, at: modified)),
                    DiaryDay(modified, in: timeZone)
                ))
        }
    }
}

extension Scanner {
    /// UTC, in which a camera's clock reading (``CaptureTime/wallClock``) gives its local day.
    static let utc: any TimeZoneRules = TimeZone(secondsFromGMT: 0) ?? TimeZone.current
}
