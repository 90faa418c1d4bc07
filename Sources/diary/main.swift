import DiaryCLI

// `diary --version` is answered here, before the asynchronous main starts Swift
// concurrency's threads (see DiaryCommand.answeredWithoutStarting).
if !DiaryCommand.answeredWithoutStarting(CommandLine.arguments) {
    await DiaryCommand.main()
}
