extension DiaryDay {
    /// The days of `year` that count as this day's month and day: the same date, or for
    /// 28 February in a year without a 29th, the 28th and the 29th of `year` when `year` is
    /// a leap year (an anniversary of a leap day is kept in the years that have none).
    func sameDay(inYear year: Int) -> [DiaryDay] {
        if let same = DiaryDay(year: year, month: month, day: day) {
            let isShortFebruary = month == 2 && day == 28 && DiaryDay(year: self.year, month: 2, day: 29) == nil
            if isShortFebruary, let leapDay = DiaryDay(year: year, month: 2, day: 29) { return [same, leapDay] }
            return [same]
        }
        return []
    }
}
