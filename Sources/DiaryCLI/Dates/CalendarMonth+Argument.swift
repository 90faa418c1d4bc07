import DiaryKit

extension CalendarMonth: ExpressibleByArgument {
    /// `YYYY-MM`, spaces and tabs around it allowed.
    package init?(argument: String, context: ArgumentContext) {
        self.init(iso: argument, strictness: .typed)
    }

    /// An example month.
    package static var acceptedForms: [String] { ["2026-11"] }
}
