import Foundation
import TestSupport

@testable import DiaryKit

/// Fixtures and helpers shared by the Interop*Tests files.
enum InteropFixture {
    /// `Fixtures/interop/<path>`.
    static func url(_ path: String) -> URL { Fixture.url("interop/" + path) }

    /// The local instant `yyyy-MM-dd HH:mm` in `zone`, computed through Calendar.
    static func time(_ text: String, in zone: TimeZone) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text) ?? .distantPast
    }

    /// Copies the Day One fixture folder into `folder` and returns the copy.
    static func dayOneCopy(in folder: TemporaryDirectory) throws -> URL {
        let copy = folder.url.appendingPathComponent("dayone-export")
        try FileManager.default.copyItem(at: url("dayone"), to: copy)
        return copy
    }
}

extension Diary {
    /// Every entry, oldest first.
    func allEntriesOldestFirst() throws -> [EntryRecord] {
        try entries(DiaryQuery(newestFirst: false))
    }
}

extension DiaryError {
    /// The interop error inside, if this is one.
    var interopError: InteropError? {
        if case .interop(let error) = self { return error }
        return nil
    }
}
