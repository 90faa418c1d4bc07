import Foundation

/// The media a bundle import checked, kept by file path so the decoding pass done while
/// validating the bundle is not repeated when the entry is created.
///
/// `@unchecked Sendable`: the dictionary is only read and written under `lock`.
final class PreparedMediaCache: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String: PreparedMedium] = [:]

    func store(_ item: PreparedMedium) {
        lock.withLock { items[item.url.standardizedFileURL.path] = item }
    }

    func item(for url: URL) -> PreparedMedium? {
        lock.withLock { items[url.standardizedFileURL.path] }
    }
}
