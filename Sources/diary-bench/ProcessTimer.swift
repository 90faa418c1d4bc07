import Foundation

/// Runs a program as a whole process (posix_spawn, wait) and measures its wall time, process
/// start included: what a user waits for at the prompt.
struct ProcessTimer {
    /// Variables added to the environment of every process (e.g. `TZ=UTC`).
    var environment: [String: String] = [:]

    /// One run of `executable` with `arguments`; stdout goes to `output` (a file path) or
    /// /dev/null, stderr to /dev/null.
    /// - Returns: the wall time in milliseconds.
    /// - Throws: ``BenchmarkFailure`` when the process cannot start or exits non-zero.
    @discardableResult
    func run(_ executable: String, _ arguments: [String], output: String? = nil) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw BenchmarkFailure("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported into Swift.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw BenchmarkFailure("\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        return elapsed
    }

    /// Median wall times of two commands run alternately `runs` times each (after one
    /// warm-up run of each), so both see the same machine load and page cache.
    /// - Throws: as ``run(_:_:output:)``.
    func medians(runs: Int, _ measured: () throws -> Double, against baseline: () throws -> Double) throws -> (value: Double, baseline: Double) {
        _ = try measured()
        _ = try baseline()
        var values: [Double] = []
        var baselines: [Double] = []
        for _ in 0..<runs {
            values.append(try measured())
            baselines.append(try baseline())
        }
        return (Self.median(values), Self.median(baselines))
    }

    /// The middle value (the upper middle one for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// A benchmark that cannot go on, with the reason.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
