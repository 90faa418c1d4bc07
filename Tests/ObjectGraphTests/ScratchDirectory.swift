import Foundation

/// A fresh directory under the system's temporary folder, removed with everything in it when
/// the value is released.
final class ScratchDirectory {
    /// The directory's location.
    let url: URL

    /// Creates a new, empty directory whose name starts with `prefix`.
    init(_ prefix: String = "objectgraph-test") throws {
        url = FileManager.default.temporaryDirectory
            .appending(component: "\(prefix)-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A location inside the directory.
    func appending(_ component: String) -> URL {
        url.appending(component: component)
    }
}
