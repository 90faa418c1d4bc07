import DiaryKit

extension CalendarYear: ExpressibleByArgument {
    /// Four digits, `YYYY`.
    package init?(argument: String, context: ArgumentContext) {
        guard argument.count == 4, argument.allSatisfy(\.isASCIIDigit), let year = Int(argument) else { return nil }
        self.init(year)
    }

    /// An example year.
    package static var acceptedForms: [String] { ["2026"] }
}

extension Character {
    /// Whether this is one of `0`…`9` (and not some other script's digit).
    var isASCIIDigit: Bool { isASCII && isNumber }
}
