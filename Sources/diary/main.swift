import DiaryCLI

// `diary --version` is answered here, before anything else starts (see
// DiaryCommand.answeredWithoutStarting); every other command line runs synchronously on this
// thread (no `await`: not an asynchronous main, so no concurrency executor is started).
if !DiaryCommand.answeredWithoutStarting(CommandLine.arguments) {
    DiaryCommand.main()
}
