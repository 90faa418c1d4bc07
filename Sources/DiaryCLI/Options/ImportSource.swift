import DiaryKit

/// What `diary import --from` reads: another journal's export, or a folder of photos.
enum ImportSource: Sendable, Hashable {
    /// A whole export (`jrnl`, `dayone`, `json`).
    case export(ImportFormat)
    /// Photos and recordings from folders and files (`photos`).
    case photos
}

extension ImportSource: ExpressibleByArgument {
    /// `jrnl`, `dayone`, `json` or `photos`.
    init?(argument: String, context: ArgumentContext) {
        if argument.lowercased() == "photos" {
            self = .photos
        } else if let format = ImportFormat(argument: argument, context: context) {
            self = .export(format)
        } else {
            return nil
        }
    }

    /// The export formats and `photos`.
    static var acceptedForms: [String] { ImportFormat.acceptedForms + ["photos"] }
}

extension PhotoImportPlan.Grouping: ExpressibleByArgument {
    /// `day` or `photo`.
    package init?(argument: String, context: ArgumentContext) {
        self.init(rawValue: argument.lowercased())
    }

    /// The two groupings.
    package static var acceptedForms: [String] { allCases.map(\.rawValue) }
}
