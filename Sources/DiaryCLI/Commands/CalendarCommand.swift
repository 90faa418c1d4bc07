import DiaryKit

/// `diary calendar`: a month grid with each day's entry count.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "calendar", abstract: "Show a month with the number of entries on each day.",
        discussion:
            "Weeks start on Monday (on Sunday with 'diary config set week.start sunday'); a day with entries shows their count, e.g. 29(2)."
    )

    @OptionalArgument("month", valueName: "YYYY-MM", help: "The month to show (default: this month).")
    var month: CalendarMonth?
    @Flag("json", help: #"Print {"month": "2026-11", "days": {"2026-11-29": 2}} (days with entries only)."#)
    var json: Bool

    func run(in context: CommandContext) throws {
        let today = DiaryDay(context.argumentContext.now, in: context.timeZone)
        let shown = month ?? today.calendarMonth
        let calendar = try context.openDiary(.reading, forReading: true).calendar(
            year: shown.year, month: shown.month,
            timeZone: context.timeZone)
        var counts: [DiaryDay: Int] = [:]
        for (day, count) in calendar.counts {
            if let day = DiaryDay(year: day.year, month: day.month, day: day.day) { counts[day] = count }
        }
        if json {
            let days = counts.keys.sorted().map { (key: $0.description, value: JSONValue.integer(counts[$0] ?? 0)) }
            context.writeJSON(["month": .string(shown.description), "days": .object(days)])
            return
        }
        let style = context.terminal.outputStyle
        context.write(
            MonthGrid(
                month: shown, counts: counts, today: today, style: style,
                weekStartsOnSunday: context.display.current.weekStartsOnSunday
            ).render())
        let total = counts.values.reduce(0, +)
        context.writeLine()
        context.writeLine(
            total == 0
                ? "No entries this month."
                : "\(QuantityText.count(total, "entry", plural: "entries")) on \(QuantityText.count(counts.count, "day"))"
        )
    }
}
