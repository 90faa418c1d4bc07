import DiaryKit

extension ImportFormat: ExpressibleByArgument {
    /// `jrnl`, `dayone` or `json`.
    package init?(argument: String, context: ArgumentContext) {
        self.init(rawValue: argument.lowercased())
    }

    /// The three sources.
    package static var acceptedForms: [String] { allCases.map(\.rawValue) }
}

extension DiaryExportFormat: ExpressibleByArgument {
    /// `json` or `markdown`.
    package init?(argument: String, context: ArgumentContext) {
        self.init(rawValue: argument.lowercased())
    }

    /// The two formats.
    package static var acceptedForms: [String] { allCases.map(\.rawValue) }
}
