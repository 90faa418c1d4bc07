import Foundation

/// Reads Day One's JSON export one entry at a time: a folder (or a zip of one) holding
/// `Journal.json` (`{"metadata": …, "entries": [{"uuid", "creationDate", "timeZone", "text",
/// "tags", "starred", "location": {"placeName", "localityName", "administrativeArea", "country",
/// "latitude", "longitude"}, "photos": [{"md5", "type", …}], "audios": [{"md5", "format", …}]}]}`)
/// with the files in `photos/` and `audios/`, each named by its MD5 and extension.
///
/// The location becomes the entry's place, its name joined from what it names
/// (``PlaceReading/name(joining:)``); a location that cannot be read (a degree out of range or
/// not a number, half a point, a name too long) leaves the entry without a place and is
/// counted in ``ImportedEntry/leftOut``, as videos, PDFs and weather are.
///
/// A zip is unpacked with the bundle reader's safety rules (no absolute paths, no `..`,
/// no links or devices, size limits) into a temporary folder removed when the reader goes.
/// Media files are looked up by MD5 only (hex digits, so no path can leave the export)
/// and must be regular files reached without following links.
final class DayOneReader: EntrySource {
    let url: URL
    private let entries: JSONEntryArray
    private let root: URL
    /// Where a zipped export was unpacked; nil for a folder.
    let extractionFolder: URL?
    /// The zone of a `creationDate` written without an offset, when the entry names none.
    private let timeZone: any TimeZoneRules
    /// The number of the entry read last, for messages.
    private var number: Int { entries.number }
    /// File names in `photos/` and `audios/` by their lower-cased MD5 (the name before the dot).
    private var files: [String: [String: String]] = [:]

    /// How many members a zipped export may have (photos and recordings of many years).
    static let maximumArchiveMembers = 1_000_000
    /// The most bytes a zipped export's journal and media may unpack to in all.
    static let maximumArchiveSize: Int64 = 64 << 30
    /// The members of a `location` whose strings make the place's name, most particular first.
    static let locationNameKeys = ["placeName", "localityName", "administrativeArea", "country"]
    /// The name start of the folders zips are unpacked into (``WorkFolder`` adds the process).
    static let extractionPrefix = "diary-dayone"

    /// Whether a zip member is a `.json` journal at the export's top (the zip's, or one
    /// folder's there), not the Mac's `__MACOSX` copy or a hidden file.
    static func isJournalMember(_ components: [String]) -> Bool {
        guard let first = components.first, first != "__MACOSX", !first.hasPrefix("."),
            let name = components.last, !name.hasPrefix(".")
        else { return false }
        return components.count <= 2 && name.lowercased().hasSuffix(".json")
    }

    /// Whether a zip member is a file in `photos/` or `audios/` (at the top or in one folder)
    /// whose MD5 name is in `wanted`. Nothing else of the zip is unpacked.
    static func isMediaMember(_ components: [String], of wanted: Set<String>) -> Bool {
        guard let first = components.first, first != "__MACOSX", !first.hasPrefix("."),
            components.count == 2 || components.count == 3,
            ["photos", "audios"].contains(components[components.count - 2]),
            let name = components.last, !name.hasPrefix(".")
        else { return false }
        let stem = name.split(separator: ".", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        return wanted.contains(stem)
    }

    /// The lower-cased MD5s of every photo and recording the journal's entries name, read
    /// in one streaming pass.
    private static func referencedMedia(in journal: URL) throws(InteropError) -> Set<String> {
        let reader = try StreamingJSONReader(fileAt: journal)
        try reader.enterArray(forKey: "entries")
        var wanted = Set<String>()
        while let entry = try reader.nextElement() {
            for key in ["photos", "audios"] {
                for record in entry[key]?.arrayValue ?? [] {
                    if let md5 = record["md5"]?.stringValue { wanted.insert(md5.lowercased()) }
                }
            }
        }
        return wanted
    }

    /// Opens the export at `url` (folder, zip, or the JSON file itself); a time without an
    /// offset is read in the entry's `timeZone`, or in `timeZone` when it names none.
    /// - Throws: ``InteropError``.
    init(
        at url: URL, timeZone: any TimeZoneRules = TimeZone.current,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) throws(InteropError) {
        self.timeZone = timeZone
        var extraction: URL?
        switch BundlePath.kind(of: url) {
        case .missing:
            throw .fileNotFound(url)
        case .directory:
            root = url
        case .regularFile where url.pathExtension.lowercased() == "json":
            root = url.deletingLastPathComponent()
        case .regularFile:
            WorkFolder.sweep(in: temporaryDirectory, prefix: Self.extractionPrefix)
            let folder = temporaryDirectory.appendingPathComponent(WorkFolder.name(prefix: Self.extractionPrefix))
            do {
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                let limits = BundleReader.Limits(
                    maximumTotalSize: Self.maximumArchiveSize,
                    maximumEntryCount: Self.maximumArchiveMembers)
                // The journal first, then only the media files its entries name.
                let extractor = ZipArchiveExtractor(archiveURL: url, limits: limits)
                try extractor.extract(into: folder) { Self.isJournalMember($0) ? limits.maximumFileSize : nil }
                let journal = try Self.journalFile(in: Self.singleFolder(in: folder) ?? folder, original: url)
                let wanted = try Self.referencedMedia(in: journal)
                try extractor.extract(into: folder) {
                    Self.isMediaMember($0, of: wanted) ? limits.maximumFileSize : nil
                }
            } catch let error as InteropError {
                try? FileManager.default.removeItem(at: folder)
                throw error
            } catch let error as BundleError {
                try? FileManager.default.removeItem(at: folder)
                throw .archive(error)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw .io(folder, reason: Diary.reason(of: error))
            }
            extraction = folder
            root = Self.singleFolder(in: folder) ?? folder
        case .other:
            throw .notARegularFile(url)
        }
        extractionFolder = extraction
        do {
            let journal = try Self.journalFile(in: root, original: url)
            self.url = url.pathExtension.lowercased() == "json" ? url : journal
            let reader = try StreamingJSONReader(fileAt: journal)
            try reader.enterArray(forKey: "entries")
            entries = JSONEntryArray(reader, file: self.url)
        } catch {
            if let extraction { try? FileManager.default.removeItem(at: extraction) }
            throw error
        }
        for folder in ["photos", "audios"] { files[folder] = Self.index(root.appendingPathComponent(folder)) }
    }

    deinit {
        if let extractionFolder { try? FileManager.default.removeItem(at: extractionFolder) }
    }

    var progress: (done: Int64, total: Int64) { entries.progress }

    func nextEntry() throws(InteropError) -> ImportedEntry? {
        guard let fields = try entries.next() else { return nil }
        let zoneName = try fields.optionalString("timeZone")
        let zone = zoneName.flatMap(TimeZone.init(identifier:))
        let created = try date(fields, "creationDate", text: try fields.string("creationDate"), zone: zone)
        let modified = try fields.optionalString("modifiedDate").map { text throws(InteropError) in
            try date(fields, "modifiedDate", text: text, zone: zone).importedInstant
        }
        let text = try fields.optionalString("text").map(Self.plainText)
        let uuidText = try fields.optionalString("uuid")
        let uuid: UUID
        if let uuidText {
            guard let parsed = UUID(flexible: uuidText) else {
                throw fields.problem("\"uuid\" is not a UUID (found \"\(uuidText)\")")
            }
            uuid = parsed
        } else {
            uuid = NameBasedUUID.make(["dayone", String(created.importedInstant.timeIntervalSince1970), text ?? ""])
        }
        var media: [ImportedMedium] = []
        media += try attachments(fields, key: "photos", folder: "photos", kind: .image)
        media += try attachments(fields, key: "audios", folder: "audios", kind: .audio)
        var leftOut = LeftOutContent()
        leftOut.videos = fields.node["videos"]?.arrayValue?.count ?? 0
        leftOut.documents = fields.node["pdfAttachments"]?.arrayValue?.count ?? 0
        if case .object = fields.node["weather"] { leftOut.weather = 1 }
        var entry = ImportedEntry(
            number: number, uuid: uuid, creationTime: created.importedInstant, updateTime: modified,
            timeZone: zone, text: text,
            tags: try fields.optionalStrings("tags") ?? [],
            starred: try fields.optionalBool("starred") ?? false, media: media
        ).noting(created)
        entry.leftOut = leftOut
        PlaceReading(fields.node["location"], nameKeys: Self.locationNameKeys).apply(to: &entry)
        return entry
    }

    /// The time `text` names: with an offset exactly; without one (a local time) in `zone`,
    /// else in the import's zone, by the importers' daylight-saving rule.
    private func date(
        _ fields: EntryFields, _ key: String, text: String,
        zone: TimeZone?
    ) throws(InteropError) -> LocalTimeResolution {
        guard let reading = ISO8601Timestamp.parse(text, strictness: .written) else {
            throw fields.problem(ISO8601Timestamp.problem(key: key, text: text, example: "2026-11-29T14:30:00Z"))
        }
        return reading.instant.map { .unique($0) } ?? reading.clock.resolved(in: zone ?? timeZone)
    }

    /// The entry's photos or recordings, in `orderInEntry` order where given.
    private func attachments(
        _ fields: EntryFields, key: String, folder: String,
        kind: MediumKind
    ) throws(InteropError) -> [ImportedMedium] {
        guard let records = try fields.optionalObjects(key) else { return [] }
        var found: [(order: Double, medium: ImportedMedium)] = []
        for (index, record) in records.enumerated() {
            guard let md5 = try record.optionalString("md5")?.lowercased() else {
                throw fields.problem("\"\(key)\"[\(index)] has no \"md5\"")
            }
            guard md5.utf8.count == 32, md5.utf8.allSatisfy({ Self.isHexDigit($0) }) else {
                throw fields.problem("\"\(key)\"[\(index)].md5 is not 32 hex digits (found \"\(md5)\")")
            }
            var declared: String?
            for key in ["fileExtension", "type", "format"] where declared == nil {
                declared = try record.optionalString(key)
            }
            guard let name = files[folder]?[md5] else {
                throw .missingMedium(file: url, entry: number, path: "\(folder)/\(md5).\(declared ?? "*")")
            }
            let path = "\(folder)/\(name)"
            let location = root.appendingPathComponent(folder).appendingPathComponent(name)
            // Every component inside the export, the media folder too, is reached without a link.
            guard BundlePath.kind(of: root.appendingPathComponent(folder)) == .directory,
                BundlePath.kind(of: location) == .regularFile
            else {
                throw .mediumRejected(
                    file: url, entry: number, path: path,
                    reason: "it is a link or another non-regular file")
            }
            let order = try record.optionalNumber("orderInEntry") ?? Double(index)
            found.append((order, ImportedMedium(url: location, path: path, kind: kind, fileName: name)))
        }
        return found.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
            .map(\.element.medium)
    }

    /// Day One's Markdown as plain diary text: `![](dayone-moment://…)` references to the
    /// attached media are dropped (the media are attached), and backslash escapes of
    /// punctuation (`\.`, `\(`) become the characters they stand for.
    static func plainText(_ markdown: String) -> String {
        var text = markdown
        while let start = text.range(of: "![](dayone-moment:") {
            guard let end = text[start.upperBound...].firstIndex(of: ")") else { break }
            text.removeSubrange(start.lowerBound...end)
        }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                if !(character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol) {
                    result.append("\\")
                }
                result.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        while result.contains("\n\n\n") { result = result.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `Journal.json`, or the only `.json` file at the export's top.
    private static func journalFile(in root: URL, original: URL) throws(InteropError) -> URL {
        if original.pathExtension.lowercased() == "json" { return original }
        let preferred = root.appendingPathComponent("Journal.json")
        if BundlePath.kind(of: preferred) == .regularFile { return preferred }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }
        guard names.count == 1 else {
            throw .malformed(
                file: original, entry: nil,
                reason: names.isEmpty
                    ? "it holds no Journal.json; is it a Day One JSON export?"
                    : "it holds several journals (\(names.sorted().joined(separator: ", "))); import one at a time")
        }
        return root.appendingPathComponent(names[0])
    }

    /// The only folder inside `folder` (a zip of an export folder), ignoring Mac litter.
    private static func singleFolder(in folder: URL) -> URL? {
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0 != "__MACOSX" && !$0.hasPrefix(".") }
        guard children.count == 1 else { return nil }
        let only = folder.appendingPathComponent(children[0])
        return BundlePath.kind(of: only) == .directory ? only : nil
    }

    /// The files of a media folder by lower-cased name stem.
    private static func index(_ folder: URL) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var byStem: [String: String] = [:]
        for name in names where !name.hasPrefix(".") {
            let stem = name.split(separator: ".", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            if let existing = byStem[stem], existing <= name { continue }
            byStem[stem] = name
        }
        return byStem
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (97...102).contains(byte)
    }
}
