import DiaryKit

extension CalendarMonth: ExpressibleByArgument {
    /// `YYYY-MM`.
    package init?(argument: String, context: ArgumentContext) {
        guard let month = DateTextScanner.month(from: argument) else { return nil }
        self = month
    }

    /// An example month.
    package static var acceptedForms: [String] { ["2026-11"] }
}
