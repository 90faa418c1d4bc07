import Foundation

/// Everything below a folder, byte for byte: its regular files with their contents and its
/// subfolders, by relative path. Two equal fingerprints mean the folder is byte-identical,
/// which is how tests prove that a failing operation left a store as it was. SQLite's
/// shared-memory index (`*.sqlite-shm`) is left out: it holds no data, and every process that
/// opens a store rebuilds it from the log a writer leaves behind.
public struct FolderFingerprint: Equatable, CustomStringConvertible {
    /// Each regular file's bytes, by path relative to the folder.
    public let files: [String: Data]
    /// The relative paths of the subfolders.
    public let folders: Set<String>

    /// Reads every file and folder below `folder` (hidden ones too); an absent folder has an
    /// empty fingerprint.
    public init(of folder: URL) throws {
        var files: [String: Data] = [:]
        var folders = Set<String>()
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.path) {
            for path in try manager.subpathsOfDirectory(atPath: folder.path) where !path.hasSuffix(".sqlite-shm") {
                let url = folder.appendingPathComponent(path)
                var isFolder: ObjCBool = false
                _ = manager.fileExists(atPath: url.path, isDirectory: &isFolder)
                if isFolder.boolValue {
                    folders.insert(path)
                } else {
                    files[path] = try Data(contentsOf: url)
                }
            }
        }
        self.files = files
        self.folders = folders
    }

    /// The relative paths of the files, sorted.
    public var filePaths: [String] { files.keys.sorted() }

    /// The paths and sizes, for a failed expectation's message.
    public var description: String {
        let lines = folders.sorted().map { "\($0)/" } + filePaths.map { "\($0) (\(files[$0]?.count ?? 0) bytes)" }
        return lines.joined(separator: "\n")
    }
}
