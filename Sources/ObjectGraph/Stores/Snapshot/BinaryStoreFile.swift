import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The binary store's file: the whole graph (a ``GraphSnapshot``) as a binary property list,
/// replaced whole on every save by a temporary file that is fsynced and renamed over it. The
/// store itself is the snapshot store given the file's URL (see ``SnapshotStore``).
enum BinaryStoreFile {
    /// The graph in the binary store file at `url`.
    /// - Throws: ``StoreFailure/io(path:reason:)`` when it cannot be read,
    ///   ``StoreFailure/corrupt(path:reason:)`` when it does not decode.
    static func read(_ url: URL) throws -> GraphSnapshot {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StoreFailure.io(path: url.path, reason: error.localizedDescription)
        }
        do {
            return try PropertyListDecoder().decode(GraphSnapshot.self, from: data)
        } catch {
            throw StoreFailure.corrupt(path: url.path, reason: String(describing: error))
        }
    }

    /// Writes `graph` to a temporary file beside `url`, fsyncs it, renames it over `url`.
    static func write(_ graph: GraphSnapshot, to url: URL) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            let data = try encoder.encode(graph)
            try data.write(to: temporary)
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.synchronize()
            try handle.close()
            if rename(temporary.path, url.path) != 0 {
                throw StoreFailure.io(path: url.path, reason: String(cString: strerror(errno)))
            }
            let directory = open(url.deletingLastPathComponent().path, O_RDONLY)
            if directory >= 0 { fsync(directory); close(directory) }
        } catch let error as StoreFailure {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw StoreFailure.io(path: url.path, reason: String(describing: error))
        }
    }
}
