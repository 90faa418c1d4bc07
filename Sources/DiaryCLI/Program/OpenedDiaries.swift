import DiaryKit
import Synchronization

/// The diaries a command opened for writing (``CommandContext/openDiary(_:forReading:encrypting:)``),
/// kept so that once the command has succeeded the trash entries whose time is over go from them
/// (``CommandContext/removeDueTrash()``): on every writing command, never inside one that fails,
/// which leaves the store as it was. Shared by every copy of the command's context. Holding a
/// diary keeps it open, so the list is emptied as soon as the command is over, either way.
package final class OpenedDiaries: Sendable {
    private let diaries = Mutex<[Diary]>([])

    /// An empty list.
    package init() {}

    /// Notes a diary opened for writing.
    func note(_ diary: Diary) {
        diaries.withLock { $0.append(diary) }
    }

    /// Forgets the diaries noted (a command that failed), so nothing keeps them open.
    func forgetAll() {
        diaries.withLock { $0 = [] }
    }

    /// The diaries noted so far, each once; the list is empty afterwards.
    func takeAll() -> [Diary] {
        diaries.withLock { noted in
            defer { noted = [] }
            var seen = Set<ObjectIdentifier>()
            return noted.filter { seen.insert(ObjectIdentifier($0)).inserted }
        }
    }
}
