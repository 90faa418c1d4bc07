internal import CDeferredLibraries
import Foundation

/// A remote on a WebDAV server (Nextcloud, Apache `mod_dav`, `rclone serve webdav`…), reached
/// through libcurl, which is loaded by the first request (so no other command pays for it).
/// `webdav://host/path` is plain HTTP, `webdavs://host/path` HTTPS with the certificate
/// verified; the user name and password come from `~/.netrc`, never from the address.
///
/// Listing is one `PROPFIND` with `Depth: infinity` where the server allows it, else one per
/// folder; uploads are a `PUT` to a temporary name, then a `MOVE` onto the final one (folders
/// made with `MKCOL` as needed); downloads a `GET`, resumed where a dropped connection cut it.
/// Connection failures, 429 and 5xx replies are retried four times, waiting 0.5, 1, 2 and 4 s.
public struct WebDAVRemote: MirrorRemote {
    /// The address as the user gave it.
    public let address: String
    /// The HTTP(S) URL of the remote's folder, ending in `/`.
    public let baseURL: String
    /// How long to wait before each retry, in seconds.
    var backoff: [Double] = [0.5, 1, 2, 4]

    /// The remote at `address` (`webdav://host/path` or `webdavs://host/path`); nil for any other address.
    public init?(address: String) {
        let scheme: String
        if address.hasPrefix("webdavs://") {
            scheme = "https://"
        } else if address.hasPrefix("webdav://") {
            scheme = "http://"
        } else {
            return nil
        }
        let rest = address.drop { $0 != ":" }.dropFirst(3)
        guard !rest.isEmpty, !rest.contains("@") else { return nil }
        self.address = address
        baseURL = scheme + (rest.hasSuffix("/") ? String(rest) : rest + "/")
    }

    public var displayName: String { address }

    private func url(_ path: String) -> String {
        baseURL
            + path.split(separator: "/").map { component in
                String(component).addingPercentEncoding(
                    withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#")))
                    ?? String(component)
            }.joined(separator: "/")
    }

    public func listFiles(includingUploads: Bool) throws(MirrorError) -> [MirrorRemoteFile] {
        var files: [MirrorRemoteFile] = []
        var folders = [""]
        var depth = "infinity"
        while let folder = folders.popLast() {
            let (status, entries) = try propfind(folder, depth: depth)
            if status == 404 && folder.isEmpty { return [] }
            if depth == "infinity" && (status == 403 || status == 400 || status == 501) {
                depth = "1"
                folders.append(folder)
                continue
            }
            guard status == 207 else {
                throw .remoteFailed(
                    remote: displayName, path: folder.isEmpty ? "/" : folder,
                    reason: "the server answered \(status) to PROPFIND")
            }
            for entry in entries where entry.path != folder && !entry.path.isEmpty {
                if entry.isCollection {
                    if depth == "1" { folders.append(entry.path) }
                } else if includingUploads || !MirrorRemoteFile.isTemporary(entry.path) {
                    files.append(MirrorRemoteFile(path: entry.path, byteCount: max(0, entry.length)))
                }
            }
        }
        return files
    }

    public func download(_ path: String, to destination: URL) throws(MirrorError) {
        try? FileManager.default.removeItem(at: destination)
        var attempt = 0
        while true {
            let partial = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int64) ?? 0
            do {
                let status = try perform("GET", url(path), downloadTo: destination.path, resumeFrom: partial)
                if status == 200 || status == 206 { return }
                if status == 416 { return }  // nothing left to resume: the file is whole
                if !Self.isRetryable(status) || attempt >= backoff.count {
                    throw MirrorError.remoteFailed(
                        remote: displayName, path: path, reason: "the server answered \(status) to GET")
                }
            } catch let error as TransferFailure {
                if attempt >= backoff.count {
                    throw MirrorError.remoteUnreachable(remote: displayName, reason: error.reason)
                }
            } catch let error as MirrorError {
                throw error
            } catch {
                throw MirrorError.remoteFailed(remote: displayName, path: path, reason: "\(error)")
            }
            Thread.sleep(forTimeInterval: backoff[attempt])
            attempt += 1
        }
    }

    public func remove(_ path: String) throws(MirrorError) {
        let status = try request("DELETE", path: path)
        guard (200..<300).contains(status) || status == 404 else {
            throw .remoteFailed(remote: displayName, path: path, reason: "the server answered \(status) to DELETE")
        }
    }

    public func upload(_ source: URL, as path: String) throws(MirrorError) {
        let temporary = MirrorRemoteFile.temporaryPath(for: path)
        var status = try request("PUT", path: temporary, upload: source.path)
        if status == 409 || status == 404 {
            // A folder on the way is missing: made one level at a time (MKCOL makes no parents),
            // the remote's own folder first.
            var parent = ""
            let base = try request("MKCOL", path: "")
            guard base == 201 || base == 405 || base == 301 else {
                throw .remoteFailed(
                    remote: displayName, path: "/",
                    reason: "the server answered \(base) to MKCOL (does the folder above it exist?)")
            }
            for component in path.split(separator: "/").dropLast() {
                parent += String(component) + "/"
                let made = try request("MKCOL", path: parent)
                guard made == 201 || made == 405 || made == 301 else {
                    throw .remoteFailed(
                        remote: displayName, path: parent, reason: "the server answered \(made) to MKCOL")
                }
            }
            status = try request("PUT", path: temporary, upload: source.path)
        }
        if status == 507 || status == 413 { throw .remoteFull(remote: displayName) }
        guard (200..<300).contains(status) else {
            throw .remoteFailed(remote: displayName, path: path, reason: "the server answered \(status) to PUT")
        }
        let moved = try request("MOVE", path: temporary, destination: url(path))
        guard (200..<300).contains(moved) else {
            throw .remoteFailed(remote: displayName, path: path, reason: "the server answered \(moved) to MOVE")
        }
    }

    // MARK: Requests

    private struct TransferFailure: Error {
        var reason: String
    }

    private static func isRetryable(_ status: Int) -> Bool {
        status == 429 || (500..<600).contains(status) && status != 507 && status != 501
    }

    /// One request, retried on dropped connections, 429 and 5xx; the final status.
    private func request(
        _ method: String, path: String, upload: String? = nil, destination: String? = nil,
        depth: String? = nil, body: String? = nil, downloadTo: String? = nil
    ) throws(MirrorError) -> Int {
        var attempt = 0
        while true {
            do {
                let status = try perform(
                    method, url(path), depth: depth, destination: destination, body: body,
                    upload: upload, downloadTo: downloadTo)
                if !Self.isRetryable(status) || attempt >= backoff.count { return status }
            } catch let error as TransferFailure {
                if attempt >= backoff.count {
                    throw MirrorError.remoteUnreachable(remote: displayName, reason: error.reason)
                }
            } catch {
                throw MirrorError.remoteUnreachable(remote: displayName, reason: "\(error)")
            }
            Thread.sleep(forTimeInterval: backoff[attempt])
            attempt += 1
        }
    }

    private func perform(
        _ method: String, _ url: String, depth: String? = nil, destination: String? = nil,
        body: String? = nil, upload: String? = nil, downloadTo: String? = nil,
        resumeFrom: Int64 = 0
    ) throws -> Int {
        var status = 0
        var error = [CChar](repeating: 0, count: 512)
        let result = cdl_webdav_perform(
            method, url, depth, destination, body, upload, downloadTo, resumeFrom, &status,
            &error, error.count)
        guard result == 0 else {
            throw TransferFailure(
                reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return status
    }

    private struct Entry {
        var path: String
        var length: Int64
        var isCollection: Bool
    }

    private final class Collected {
        var entries: [(href: String, length: Int64, isCollection: Bool)] = []
    }

    private func propfind(_ folder: String, depth: String) throws(MirrorError) -> (Int, [Entry]) {
        let scratch = FileManager.default.temporaryDirectory.appending(component: "diary-propfind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let body =
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:propfind xmlns:D=\"DAV:\"><D:prop>"
            + "<D:resourcetype/><D:getcontentlength/></D:prop></D:propfind>"
        let status = try request("PROPFIND", path: folder, depth: depth, body: body, downloadTo: scratch.path)
        guard status == 207 else { return (status, []) }
        let collected = Collected()
        var error = [CChar](repeating: 0, count: 512)
        let parsed = withExtendedLifetime(collected) {
            cdl_webdav_parse_multistatus(
                scratch.path,
                { context, href, length, collection in
                    guard let context, let href else { return }
                    let box = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                    box.entries.append((String(cString: href), length, collection != 0))
                }, Unmanaged.passUnretained(collected).toOpaque(), &error, error.count)
        }
        guard parsed == 0 else {
            throw .remoteFailed(
                remote: displayName, path: folder.isEmpty ? "/" : folder,
                reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        let basePath = URLComponents(string: baseURL)?.percentEncodedPath ?? "/"
        let entries = collected.entries.compactMap { item -> Entry? in
            var href = item.href
            if let components = URLComponents(string: href), components.host != nil {
                href = components.percentEncodedPath
            }
            guard href.hasPrefix(basePath) else { return nil }
            var relative = String(href.dropFirst(basePath.count)).removingPercentEncoding ?? ""
            if relative.hasSuffix("/") { relative.removeLast() }
            return Entry(path: relative, length: item.length, isCollection: item.isCollection)
        }
        return (status, entries)
    }
}
