import DiaryCLI

DiaryCommand.main()
