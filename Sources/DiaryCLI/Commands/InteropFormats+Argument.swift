import DiaryKit

extension ImportFormat: ExpressibleByArgument {
    /// `jrnl`, `dayone` or `json`.
    public init?(argument: String, context: ArgumentContext) {
        self.init(rawValue: argument.lowercased())
    }

    /// The three sources.
    public static var acceptedForms: [String] { allCases.map(\.rawValue) }
}

extension DiaryExportFormat: ExpressibleByArgument {
    /// `json` or `markdown`.
    public init?(argument: String, context: ArgumentContext) {
        self.init(rawValue: argument.lowercased())
    }

    /// The two formats.
    public static var acceptedForms: [String] { allCases.map(\.rawValue) }
}
