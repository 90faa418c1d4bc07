import DiaryCLI

await DiaryCommand.main()
