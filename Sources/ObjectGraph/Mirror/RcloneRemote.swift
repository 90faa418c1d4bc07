import Foundation
import Synchronization

/// A remote that the user's own `rclone` reaches (S3, B2, Google Drive, SFTP, WebDAV, a `local:`
/// folder…), by the name and configuration the user gave it: `NAME:path`. Every operation is one
/// `rclone` run: `lsjson -R` to list, `copyto` to download, and `copyto` to a temporary name
/// then `moveto` to upload.
public struct RcloneRemote: MirrorRemote {
    /// The remote as rclone names it, `NAME:path`.
    public let location: String
    /// The `rclone` program (found on the `PATH` by default).
    public let executable: String
    /// Extra environment for rclone (its configuration file, say); the process's own otherwise.
    public let environment: [String: String]

    /// The remote `location` (`NAME:path`), reached by `executable`.
    public init(location: String, executable: String = "rclone", environment: [String: String] = [:]) {
        self.location = location.hasSuffix("/") ? String(location.dropLast()) : location
        self.executable = executable
        self.environment = environment
    }

    /// `rclone:NAME:path`.
    public var displayName: String { "rclone:" + location }

    private func remotePath(_ path: String) -> String {
        location.hasSuffix(":") ? location + path : location + "/" + path
    }

    public func listFiles(includingUploads: Bool) throws(MirrorError) -> [MirrorRemoteFile] {
        let result = try run(["lsjson", "-R", "--files-only", "--no-mimetype", "--no-modtime", location], path: "")
        if result.status == 3 { return [] }  // the folder does not exist yet
        guard result.status == 0 else { throw failure(result, path: "") }
        // The names are rclone's JSON keys.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        struct Entry: Decodable {
            var Path: String
            var Size: Int64
        }
        guard let entries = try? JSONDecoder().decode([Entry].self, from: result.output) else {
            throw .remoteUnreachable(
                remote: displayName, reason: "rclone lsjson printed something that is not a listing")
        }
        return entries.filter { includingUploads || !MirrorRemoteFile.isTemporary($0.Path) }
            .map { MirrorRemoteFile(path: $0.Path, byteCount: $0.Size) }
    }

    public func remove(_ path: String) throws(MirrorError) {
        let result = try run(["deletefile", remotePath(path)], path: path)
        // 3 and 4: the file (or its folder) is already gone.
        guard result.status == 0 || result.status == 3 || result.status == 4 else { throw failure(result, path: path) }
    }

    public func download(_ path: String, to destination: URL) throws(MirrorError) {
        let result = try run(["copyto", remotePath(path), destination.path], path: path)
        guard result.status == 0 else { throw failure(result, path: path) }
    }

    public func upload(_ source: URL, as path: String) throws(MirrorError) {
        let temporary = MirrorRemoteFile.temporaryPath(for: path)
        let copied = try run(["copyto", source.path, remotePath(temporary)], path: path)
        guard copied.status == 0 else { throw failure(copied, path: path) }
        let moved = try run(["moveto", remotePath(temporary), remotePath(path)], path: path)
        guard moved.status == 0 else { throw failure(moved, path: path) }
    }

    private struct Result {
        var status: Int32
        var output: Data
        var errors: String
    }

    private func run(_ arguments: [String], path: String) throws(MirrorError) -> Result {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["--retries", "3", "--low-level-retries", "5"] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable, "--retries", "3", "--low-level-retries", "5"] + arguments
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .remoteUnreachable(
                remote: displayName,
                reason: "rclone cannot be run (\(error.localizedDescription)); install it (apt-get install rclone)")
        }
        // Read both pipes while rclone runs, so a long listing never fills one and stalls it.
        let errorData = ErrorCollector()
        let errorHandle = errors.fileHandleForReading
        let reader = Thread { errorData.set(errorHandle.readDataToEndOfFile()) }
        reader.start()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let problems = errorData.wait()
        if process.terminationStatus == 127 {
            throw .remoteUnreachable(remote: displayName, reason: "rclone is not installed (apt-get install rclone)")
        }
        return Result(
            status: process.terminationStatus, output: printed,
            errors: String(decoding: problems, as: UTF8.self))
    }

    private func failure(_ result: Result, path: String) -> MirrorError {
        let lines = result.errors.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let last =
            lines.last(where: { $0.contains("ERROR") || $0.contains("Failed") }) ?? lines.last
            ?? "exit status \(result.status)"
        if last.localizedCaseInsensitiveContains("no space") || last.localizedCaseInsensitiveContains("quota") {
            return .remoteFull(remote: displayName)
        }
        return .remoteFailed(remote: displayName, path: path, reason: String(last.prefix(300)))
    }
}

/// Hands the error output of a child from the thread that read it to the one that waits.
private final class ErrorCollector: Sendable {
    private let state = Mutex<Data?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func set(_ data: Data) {
        state.withLock { $0 = data }
        done.signal()
    }

    func wait() -> Data {
        done.wait()
        return state.withLock { $0 } ?? Data()
    }
}
