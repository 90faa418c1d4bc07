import Foundation

/// The `diary` command line: parses the arguments, runs a subcommand and exits.
public enum DiaryCommand {
    /// The version `diary --version` prints.
    public static let version = "0.1.0"

    /// Runs the command line with the process arguments and exits with its status.
    public static func main() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("--version") {
            print("diary \(version)")
            exit(0)
        }
        FileHandle.standardError.write(Data("diary: not implemented yet\n".utf8))
        exit(64)
    }
}
