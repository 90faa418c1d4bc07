/// File paths made absolute and standardized by their text alone, as Foundation's
/// `URL.standardizedFileURL` does on Linux (no link is resolved): `.` components and empty
/// ones go, and `..` takes the component before it away (at the root it stays the root).
/// Foundation's standardizing builds its character sets on every call, about 400,000
/// instructions of every command given `--store`.
enum LexicalPath {
    /// `path`, relative to `directory` (an absolute path) unless it starts with `/`, standardized.
    static func standardized(_ path: String, relativeTo directory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
        var components: [Substring] = []
        for component in absolute.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
