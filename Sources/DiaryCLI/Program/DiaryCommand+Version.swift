extension DiaryCommand {
    /// Answers `diary --version` before anything else of a process starts, and returns false
    /// for every other command line (which ``main()`` then runs).
    ///
    /// `--version` needs no terminal, environment, time zone or store, and the full start of
    /// a command (``CommandContext/live()``: the environment, `/etc/localtime`, the first
    /// protocol-conformance lookups of the Swift runtime, and the worker threads of Swift
    /// concurrency) took most of its time. Only the exact command line `diary --version` is
    /// answered here, so `diary --help --version` and `diary --store D --version` keep
    /// ``CommandLineProgram``'s rules; the line written is the one that path writes, through
    /// the same writer (a closed stdout is dropped as there). Call it from synchronous code on
    /// the main thread (`main.swift`) before ``main()``.
    public static func answeredWithoutStarting(_ arguments: [String]) -> Bool {
        guard arguments.count == 2, arguments[1] == "--version" else { return false }
        let output = FileDescriptorWriter.standardOutput
        output.write("diary \(version)\n")
        output.flush()
        return true
    }
}
