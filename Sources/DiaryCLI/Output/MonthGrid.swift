import DiaryKit

/// A month as a grid of weeks starting on Monday, like `cal -m` (or on Sunday, like `cal`,
/// with `weekStartsOnSunday`), each day followed by its entry count in parentheses when it
/// has entries:
///
/// ```
///                  November 2026
/// Mo     Tu     We     Th     Fr     Sa     Su
///                                            1
///  2      3(1)   4      5      6      7      8
/// ```
///
/// Days with entries are green and today is bold and underlined when colour is on.
struct MonthGrid {
    /// The month shown.
    let month: CalendarMonth
    /// Entry counts of the days that have any.
    let counts: [DiaryDay: Int]
    /// The day to highlight, if it is in the month.
    let today: DiaryDay?
    /// Colour, or none.
    let style: TextStyler
    /// Weeks start on Sunday (the `week.start` setting).
    var weekStartsOnSunday = false

    private static let cellWidth = 6
    /// `Mo` … `Su`: the first two letters of each English weekday name, Monday first.
    private static let weekdays = (EnglishDateNames.weekdays.dropFirst() + EnglishDateNames.weekdays.prefix(1))
        .map { String($0.prefix(2)) }
    private var weekdays: [String] {
        weekStartsOnSunday ? Self.weekdays.suffix(1) + Self.weekdays.dropLast() : Self.weekdays
    }

    /// The grid's lines, each ending in a newline.
    func render() -> String {
        let totalWidth = Self.weekdays.count * (Self.cellWidth + 1) - 1
        let title = month.title
        let indent = String(repeating: " ", count: max(0, (totalWidth - title.count) / 2))
        var lines = [
            indent + style.bold(title),
            weekdays.map { $0.padding(toLength: Self.cellWidth, withPad: " ", startingAt: 0) }
                .joined(separator: " ").trimmingTrailingSpaces
        ]
        // Monday is column 0 (Calendar's weekday 2), or Sunday (weekday 1).
        var cells = Array(
            repeating: String(repeating: " ", count: Self.cellWidth),
            count: (month.firstDay.weekday + (weekStartsOnSunday ? 6 : 5)) % 7)
        for day in month.days {
            cells.append(cell(for: day))
            if cells.count == 7 {
                lines.append(cells.joined(separator: " ").trimmingTrailingSpaces)
                cells = []
            }
        }
        if !cells.isEmpty { lines.append(cells.joined(separator: " ").trimmingTrailingSpaces) }
        return lines.map { $0 + "\n" }.joined()
    }

    private func cell(for day: DiaryDay) -> String {
        let number = day.day < 10 ? " \(day.day)" : "\(day.day)"
        let count = counts[day] ?? 0
        let mark = count > 0 ? "(\(count))" : ""
        let padding = String(repeating: " ", count: max(0, Self.cellWidth - number.count - mark.count))
        var shownNumber = number
        if day == today {
            shownNumber = style.apply(.bold, .underline, to: number)
        } else if count > 0 {
            shownNumber = style.green(number)
        }
        return shownNumber + style.green(mark) + padding
    }
}

extension String {
    /// The text without spaces at its end.
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
