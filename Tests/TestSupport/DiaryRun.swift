import Foundation

// Testing is there for test builds only; `make release` builds this target too, without it.
#if canImport(Testing)
    import Testing
#endif

// MARK: - End-to-end runs of the built binary

/// Why `runDiary` could not run the binary at all (a run that times out throws
/// ``ProcessRunError``).
public enum DiaryRunError: Error, CustomStringConvertible {
    case binaryMissing(String)

    public var description: String {
        switch self {
        case .binaryMissing(let path):
            "the diary binary is missing at \(path); build it first (`swift build --product diary`) "
                + "or set DIARY_BIN to its path"
        }
    }
}

/// Which store a run uses (through `DIARY_HOME`).
public enum StoreChoice {
    /// A new empty directory, removed after the run.
    case fresh
    /// This directory, kept (share one ``TemporaryDirectory`` across runs).
    case at(URL)
    /// Whatever the environment says (`DIARY_HOME` is removed from the inherited one).
    case inherited
}

/// Writes a `/bin/sh` script with `body` into `directory` (a stand-in editor or
/// tool) and returns its location. Run it as `/bin/sh <script>`, not directly: while
/// parallel tests fork, a file just written may still be open for writing in a child,
/// and executing it would fail with "Text file busy".
public func makeScript(in directory: URL, _ body: String) throws -> URL {
    let url = directory.appendingPathComponent("script-\(UUID().uuidString).sh")
    try Data("\(body)\n".utf8).write(to: url)
    return url
}

/// The shell that runs scripts made by ``makeScript(in:_:)``.
public let shell = URL(fileURLWithPath: "/bin/sh")

/// The built `diary`: `$DIARY_BIN`, else `.build/debug/diary` of this package.
public func diaryBinary() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["DIARY_BIN"], !path.isEmpty {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw DiaryRunError.binaryMissing(path) }
        return URL(fileURLWithPath: path)
    }
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let binary = packageRoot.appendingPathComponent(".build/debug/diary")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw DiaryRunError.binaryMissing(binary.path)
    }
    return binary
}

/// Variables removed from the inherited environment so runs do not depend on the
/// developer's shell: the store, the editor, colour and width settings.
private let isolatedVariables = [
    "DIARY_HOME", "XDG_DATA_HOME", "VISUAL", "EDITOR", "NO_COLOR", "COLUMNS",
    "TERM", "DIARY_NOW"
]

/// Runs the built `diary` with `arguments` and returns its status and output.
///
/// - `environment` is laid over the inherited one, from which the store, editor and
///   colour variables are removed first.
/// - `stdin` is fed to the process (none: `/dev/null`, so stdin is never a terminal).
/// - `store` picks `DIARY_HOME`: a fresh temporary directory by default.
/// - The process is killed, and the call throws, after `timeout` seconds.
/// - `executable` replaces the `diary` binary (for testing this helper).
/// stdout and stderr go to temporary files, so large outputs never block on a pipe.
/// The process runs in a scratch directory of its own, removed afterwards.
public func runDiary(
    _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
    store: StoreChoice = .fresh, timeout: Double = 30, executable: URL? = nil
) throws -> ProcessRun {
    let binary = try executable ?? diaryBinary()
    let scratch = try TemporaryDirectory(prefix: "diary-run")

    var variables = ProcessInfo.processInfo.environment
    isolatedVariables.forEach { variables[$0] = nil }
    switch store {
    case .fresh:
        let home = scratch.url.appendingPathComponent("store", isDirectory: true)
        variables["DIARY_HOME"] = home.path
    case .at(let url):
        variables["DIARY_HOME"] = url.path
    case .inherited:
        break
    }
    variables.merge(environment) { _, new in new }

    return try runProcess(
        binary, arguments, environment: variables, stdin: stdin, currentDirectory: scratch.url,
        timeout: timeout)
}

// MARK: - Stores, fixtures and JSON for the command tests

#if canImport(Testing)
    /// A temporary diary store that several runs share, in `Europe/Berlin` unless a run says
    /// otherwise, and at the moment `now` (`DIARY_NOW`) when one is given; removed when the value
    /// goes away.
    public final class TestStore {
        public let directory: TemporaryDirectory
        /// The ISO 8601 moment every run reads relative dates from, instead of the clock.
        public let now: String?
        /// The store folder itself (`DIARY_HOME`).
        public var url: URL { directory.url.appendingPathComponent("store", isDirectory: true) }
        /// A scratch folder beside the store, for exports and editor scripts.
        public var scratch: URL { directory.url }

        public init(now: String? = nil) throws {
            directory = try TemporaryDirectory(prefix: "diary-store")
            self.now = now
        }

        /// Runs `diary` on this store.
        public func run(
            _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil
        ) throws -> ProcessRun {
            var base = ["TZ": "Europe/Berlin"]
            if let now { base["DIARY_NOW"] = now }
            return try runDiary(
                arguments, environment: base.merging(environment) { _, new in new },
                stdin: stdin, store: .at(url))
        }

        /// Runs `diary` and expects exit 0, giving the run.
        @discardableResult
        public func succeed(
            _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> ProcessRun {
            let result = try run(arguments, environment: environment, stdin: stdin)
            #expect(
                result.status == 0, "diary \(arguments.joined(separator: " ")): \(result)",
                sourceLocation: sourceLocation)
            return result
        }

        /// Runs `diary … --json` and parses the output.
        public func json(
            _ arguments: [String], environment: [String: String] = [:],
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> Any {
            let result = try succeed(arguments + ["--json"], environment: environment, sourceLocation: sourceLocation)
            return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        }

        /// Creates an entry with `diary new … --json` and gives its entry object.
        public func create(
            _ arguments: [String], environment: [String: String] = [:],
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> [String: Any] {
            try #require(
                try json(["new"] + arguments, environment: environment, sourceLocation: sourceLocation)
                    as? [String: Any], sourceLocation: sourceLocation)
        }

        /// The ids `diary list … --json` prints, in order.
        public func listedIDs(
            _ arguments: [String], environment: [String: String] = [:],
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> [Int] {
            let entries = try #require(
                try json(
                    ["list"] + arguments, environment: environment,
                    sourceLocation: sourceLocation) as? [[String: Any]])
            return entries.compactMap { $0["id"] as? Int }
        }

        /// Every file and folder under the store, byte for byte.
        public func snapshot() throws -> FolderFingerprint {
            try FolderFingerprint(of: url)
        }

        /// The paths of the media blob files under `Diary.blobs/` (not temporary files), each
        /// starting with `/` so that `url.path + path` is the file.
        public func blobFiles() throws -> [String] {
            try snapshot().filePaths.filter { $0.hasPrefix("Diary.blobs/") && !$0.contains("/.") }.map { "/" + $0 }
        }

        /// Runs `sqlite3` on the store's database and gives its output.
        public func sqlite(_ sql: String) throws -> String {
            try runSQLiteShell(url.appendingPathComponent("Diary.sqlite"), sql).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
#endif

/// Runs the built `diary` with a pseudo-terminal as stdin, stdout and stderr (through
/// util-linux `script`), as a person at a terminal would: the editor opens, colour is
/// on unless `NO_COLOR` says otherwise. Lines come back ending in `\r\n` as a terminal
/// gets them; `stdout` holds both streams.
public func runDiaryInTerminal(
    _ arguments: [String], store: URL, environment: [String: String] = [:],
    typing input: String? = nil
) throws -> ProcessRun {
    let quoted = ([try diaryBinary().path] + arguments).map {
        "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
    return try runDiary(
        ["-qec", quoted.joined(separator: " "), "/dev/null"],
        environment: ["TZ": "Europe/Berlin", "TERM": "xterm"].merging(environment) { _, new in new },
        stdin: input, store: .at(store), executable: URL(fileURLWithPath: "/usr/bin/script"))
}

/// The path in `your text is kept in <path>` at the end of a message.
public func keptPath(in output: String) -> String? {
    guard let range = output.range(of: "your text is kept in ") else { return nil }
    return String(output[range.upperBound...].prefix { !$0.isNewline && $0 != "\r" })
}
