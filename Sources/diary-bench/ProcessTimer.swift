import Foundation
import ObjectGraph

/// Runs a program as a whole process (posix_spawn, wait) and measures its wall time, process
/// start included: what a user waits for at the prompt.
struct ProcessTimer {
    /// Variables added to the environment of every process (e.g. `TZ=UTC`).
    var environment: [String: String] = [:]

    /// One run of `executable` with `arguments`; stdout goes to `output` (a file path) or
    /// /dev/null, stderr to /dev/null.
    /// - Returns: the wall time and the CPU time (user and system) of the process, in milliseconds.
    /// - Throws: ``BenchmarkFailure`` when the process cannot start or exits non-zero.
    @discardableResult
    func run(_ executable: String, _ arguments: [String], output: String? = nil) throws -> Timing {
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
        var usage = rusage()
        _ = retryingInterrupted { wait4(pid, &status, 0, &usage) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let cpu = Self.milliseconds(usage.ru_utime) + Self.milliseconds(usage.ru_stime)
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported into Swift.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw BenchmarkFailure("\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        return Timing(wall: elapsed, cpu: cpu)
    }

    /// Median wall times of two commands run alternately `runs` times each (after one
    /// warm-up run of each), so both see the same machine load and page cache.
    /// - Throws: as ``run(_:_:output:)``.
    func medians(runs: Int, _ measured: () throws -> Timing, against baseline: () throws -> Timing) throws -> Comparison
    {
        _ = try measured()
        _ = try baseline()
        var values: [Timing] = []
        var baselines: [Timing] = []
        for _ in 0..<runs {
            values.append(try measured())
            baselines.append(try baseline())
        }
        return Comparison(
            value: Self.median(values.map(\.wall)), baseline: Self.median(baselines.map(\.wall)),
            valueCPU: Self.median(values.map(\.cpu)), baselineCPU: Self.median(baselines.map(\.cpu)))
    }

    private static func milliseconds(_ time: timeval) -> Double {
        Double(time.tv_sec) * 1e3 + Double(time.tv_usec) / 1e3
    }

    /// The middle value (the upper middle one for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// How long one process took: wall-clock and CPU (user + system) milliseconds.
struct Timing {
    var wall: Double
    var cpu: Double
}

/// Medians of a measured command and its baseline, wall-clock and CPU.
struct Comparison {
    var value: Double
    var baseline: Double
    var valueCPU: Double
    var baselineCPU: Double
}
