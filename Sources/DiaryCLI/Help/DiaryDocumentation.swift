import Foundation

/// The entry point of the `diary-docs` build tool: the manual page and the shell completion
/// scripts of `diary`, written to stdout for `make install`.
package enum DiaryDocumentation {
    /// `man` prints `diary(1)`; `completion SHELL` the script for bash, zsh or fish; anything
    /// else prints the usage on stderr and exits 64.
    package static func main(_ arguments: [String]) -> Never {
        let program = DiaryCommand.program
        switch arguments {
        case ["man"]:
            print(ManualPage(program: program).roff, terminator: "")
            exit(0)
        case let words where words.count == 2 && words[0] == "completion":
            if let shell = CompletionScript.Shell(rawValue: words[1]) {
                print(CompletionScript(program: program).script(for: shell), terminator: "")
                exit(0)
            }
        default:
            break
        }
        FileHandle.standardError.write(Data("usage: diary-docs man | diary-docs completion bash|zsh|fish\n".utf8))
        exit(64)
    }
}
