import Foundation
import Synchronization

/// The media a bundle import checked, kept by file path so the decoding pass done while
/// validating the bundle is not repeated when the entry is created.
final class PreparedMediaCache: Sendable {
    private let items = Mutex<[String: PreparedMedium]>([:])

    func store(_ item: PreparedMedium) {
        items.withLock { $0[item.url.standardizedFileURL.path] = item }
    }

    func item(for url: URL) -> PreparedMedium? {
        items.withLock { $0[url.standardizedFileURL.path] }
    }
}
