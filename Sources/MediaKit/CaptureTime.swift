import Foundation

/// When a photo was taken, as its camera wrote it: the wall-clock time of `DateTimeOriginal`
/// with the fraction of `SubSecTimeOriginal`, and the offset from UTC of `OffsetTimeOriginal`
/// when the camera recorded one (phones do; many older cameras do not).
public struct CaptureTime: Sendable, Hashable {
    /// The wall-clock time read as if it were UTC (a "floating" time: 14:30 on the camera is
    /// 14:30Z here). `instant(assuming:)` places it on the time line.
    public var wallClock: Date
    /// The camera's offset from UTC in seconds (east positive), nil when neither the camera
    /// recorded one nor its GPS clock tells it.
    public var utcOffsetSeconds: Int?
    /// Where the offset comes from; nil without one.
    public var offsetSource: OffsetSource?

    /// Where a capture time's offset from UTC was found.
    public enum OffsetSource: Sendable, Hashable {
        /// The camera wrote it (`OffsetTimeOriginal`).
        case camera
        /// The camera wrote none; its clock compared with the GPS time (UTC) of the same photo,
        /// rounded to the quarter hour, gives it.
        case gpsClock
    }

    /// A capture time from its wall clock and offset (by default the camera's own).
    public init(wallClock: Date, utcOffsetSeconds: Int?, offsetSource: OffsetSource? = nil) {
        self.wallClock = wallClock
        self.utcOffsetSeconds = utcOffsetSeconds
        self.offsetSource = utcOffsetSeconds == nil ? nil : offsetSource ?? .camera
    }

    /// The offset of a camera's clock from UTC, from the GPS date (`YYYY:MM:DD`) and time of day
    /// (seconds, UTC) of the same photo: their difference rounded to the nearest quarter hour
    /// (clocks drift by minutes; zones are whole quarters), nil when the GPS date is malformed or
    /// the difference is beyond ±14 hours (a clock never set, not a zone).
    static func offsetSeconds(wallClock: Date, gpsDate: String, gpsSecondsOfDay: Double) -> Int? {
        guard
            let midnight = CaptureTime(
                exifDateTime: gpsDate.trimmingCharacters(in: .whitespaces) + " 00:00:00",
                subSeconds: "", offset: "")?.wallClock,
            gpsSecondsOfDay.isFinite
        else { return nil }
        let utc = midnight.addingTimeInterval(gpsSecondsOfDay)
        let quarters = (wallClock.timeIntervalSince(utc) / 900).rounded()
        guard abs(quarters) <= 14 * 4 else { return nil }
        return Int(quarters) * 900
    }

    /// The moment the photo was taken: the wall clock less the camera's offset, or, when the
    /// camera recorded no offset, the wall clock read in `zone` (the zone it was most likely
    /// taken in: the user's own).
    public func instant(assuming zone: TimeZone) -> Date {
        instant { zone.secondsFromGMT(for: $0) }
    }

    /// As `instant(assuming:)`, for a zone given by its offset from UTC at each instant.
    public func instant(secondsFromGMT offset: (Date) -> Int) -> Date {
        if let utcOffsetSeconds { return wallClock.addingTimeInterval(-Double(utcOffsetSeconds)) }
        // The zone's offset at the wall-clock time, looked up twice so that a time just
        // after a change of offset lands on the right side of it.
        let guess = wallClock.addingTimeInterval(-Double(offset(wallClock)))
        return wallClock.addingTimeInterval(-Double(offset(guess)))
    }

    /// Parses EXIF's `YYYY:MM:DD HH:MM:SS` (`DateTimeOriginal`), the digits of a fraction
    /// (`SubSecTimeOriginal`, may be empty) and `±HH:MM` (`OffsetTimeOriginal`, may be empty);
    /// nil when the date is absent, blank (cameras write "    :  :     :  :  " for unset)
    /// or not a real date. A malformed offset or fraction is left out, not fatal.
    init?(exifDateTime: String, subSeconds: String, offset: String) {
        let text = Array(exifDateTime.trimmingCharacters(in: .whitespaces).utf8)
        guard text.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = text[index]
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard text[4] == 0x3A, text[7] == 0x3A, text[10] == 0x20 || text[10] == 0x54, text[13] == 0x3A,
            text[16] == 0x3A,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute,
            second: min(second, 59))
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day
        else { return nil }  // no 31 February
        var fraction = 0.0
        let digits = subSeconds.trimmingCharacters(in: .whitespaces)
        if !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Double("0." + digits)
        {
            fraction = value
        }
        wallClock = date.addingTimeInterval(fraction)
        utcOffsetSeconds = Self.offsetSeconds(offset)
        offsetSource = utcOffsetSeconds == nil ? nil : .camera
    }

    /// Seconds east of UTC from `+HH:MM` / `-HH:MM` (within ±18 hours), nil otherwise.
    private static func offsetSeconds(_ text: String) -> Int? {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard bytes.count == 6, bytes[0] == 0x2B || bytes[0] == 0x2D, bytes[3] == 0x3A,
            [1, 2, 4, 5].allSatisfy({ (0x30...0x39).contains(bytes[$0]) })
        else { return nil }
        let hours = Int(bytes[1] - 0x30) * 10 + Int(bytes[2] - 0x30)
        let minutes = Int(bytes[4] - 0x30) * 10 + Int(bytes[5] - 0x30)
        guard hours <= 18, minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
        let seconds = (hours * 60 + minutes) * 60
        return bytes[0] == 0x2D ? -seconds : seconds
    }
}
