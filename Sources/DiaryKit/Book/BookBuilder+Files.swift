import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension BookBuilder {
    /// Records `path` with `key` in the new manifest and puts the file in the work folder: a
    /// hard link to the previous book's file when that recorded the same key, else whatever
    /// `make` writes.
    func produce(_ path: String, key: String, make: () throws(DiaryError) -> Void) throws(DiaryError) {
        manifest.files[path] = key
        if let previous, previous.manifest.files[path] == key,
            link(previous.root.appendingPathComponent(path).path, work.appendingPathComponent(path).path) == 0
        {
            linked += 1
            return
        }
        try make()
        written += 1
    }

    /// A small page, kept from the previous book when its bytes are the same.
    func page(_ path: String, _ html: String) throws(DiaryError) {
        let data = Data(html.utf8)
        try produce(path, key: "sha256:" + BookFingerprint.hex(of: data)) { () throws(DiaryError) in
            try write(data, to: path)
        }
    }

    /// Writes `data` to a new file at `path` in the work folder (not flushed: the whole
    /// book is flushed at once before it is swapped in).
    func write(_ data: Data, to path: String) throws(DiaryError) {
        try Self.write(data, at: work.appendingPathComponent(path))
    }

    /// Writes `data` to a new file at `url` (not flushed).
    static func write(_ data: Data, at url: URL) throws(DiaryError) {
        do throws(BundleError) {
            let file = try BundleFile.create(url)
            try file.write(data)
            try file.close()
        } catch {
            throw .bundle(error)
        }
    }

    /// Creates the folder `path` in the work folder.
    func makeFolder(_ path: String) throws(DiaryError) {
        let url = work.appendingPathComponent(path)
        guard mkdir(url.path, 0o755) == 0 || errno == EEXIST else {
            throw .io(path: url.path, reason: "cannot create the folder: " + String(cString: strerror(errno)))
        }
    }
}
