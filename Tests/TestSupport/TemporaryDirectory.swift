import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when
/// the value is released: the one scratch folder every test target uses.
public final class TemporaryDirectory {
    /// The directory's location.
    public let url: URL

    /// Creates a new, empty directory whose name starts with `prefix`.
    public init(prefix: String = "photodiary-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A location inside the directory (nothing is created).
    public func appending(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }

    /// A new subfolder named `name` (intermediate folders too).
    public func folder(_ name: String) throws -> URL {
        let folder = url.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `data` to `name` below the directory (creating its folders) and returns its URL.
    public func file(_ name: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// The relative paths of everything below `folder` (default: the directory), sorted, hidden
    /// items too.
    public func listing(_ folder: URL? = nil) -> [String] {
        let root = folder ?? url
        return ((try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []).sorted()
    }
}
