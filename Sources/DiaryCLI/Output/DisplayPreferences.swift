import DiaryKit
import Synchronization

/// How the diary's human output shows times and weeks, from its settings (`time.format`,
/// `week.start`), which follow the user to every device.
struct DisplayPreferences: Sendable, Equatable {
    /// `2:03 PM` rather than `14:03`.
    var twelveHourClock = false
    /// Weeks in `diary calendar` start on Sunday rather than Monday.
    var weekStartsOnSunday = false

    /// The defaults: 24-hour times, weeks from Monday.
    init() {}

    /// The preferences the diary's settings give.
    init(settings: [DiarySettingValue]) {
        for setting in settings {
            switch setting.key {
            case DiarySettingKey.timeFormat.rawValue: twelveHourClock = setting.value == "12"
            case DiarySettingKey.weekStart.rawValue: weekStartsOnSunday = setting.value == "sunday"
            default: break
            }
        }
    }
}

/// The preferences of the diary a command opened, shared by every copy of its context (the
/// context is made before the diary is opened, and passed by value).
final class DisplayPreferencesBox: Sendable {
    private let value = Mutex(DisplayPreferences())

    /// The preferences in effect (the defaults until a diary is opened).
    var current: DisplayPreferences { value.withLock { $0 } }

    /// Takes the preferences of the diary just opened.
    func take(_ preferences: DisplayPreferences) { value.withLock { $0 = preferences } }
}
