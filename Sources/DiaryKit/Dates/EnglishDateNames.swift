/// The English names of weekdays and months, the one table every date the diary writes or
/// reads by name uses (output is English whatever the locale).
package enum EnglishDateNames {
    /// `Sunday` … `Saturday`, indexed by weekday − 1 (1 for Sunday, as ``DiaryDay/weekday`` counts).
    package static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    /// `January` … `December`, indexed by month − 1.
    package static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December"
    ]
}
