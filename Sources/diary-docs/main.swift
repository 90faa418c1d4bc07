// diary-docs: writes what `make install` installs beside `diary`, from the same declarations
// as `diary --help`: `diary-docs man` (the diary(1) page in roff) and
// `diary-docs completion bash|zsh|fish`.
import DiaryCLI

DiaryDocumentation.main(Array(CommandLine.arguments.dropFirst()))
