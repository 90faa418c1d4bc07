import Foundation

/// The environment variables of this process, read once per command.
enum ProcessEnvironment {
    /// The variables as `ProcessInfo.processInfo.environment` has them (an entry without `=`
    /// is left out, a later entry of a name replaces an earlier one, invalid UTF-8 is
    /// repaired), each split at its first `=` byte. `ProcessInfo` splits at the first `=`
    /// *character*, walking each entry grapheme by grapheme: with the 30–130 variables of a
    /// shell that was about 1.3 million instructions of every `diary` command.
    static func current() -> [String: String] {
        var variables: [String: String] = [:]
        // `environ` is NULL after `clearenv()`, whatever its imported type says.
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        while let current = entry, let text = current.pointee {
            if let separator = strchr(text, Int32(UInt8(ascii: "="))) {
                let name = UnsafeRawBufferPointer(start: text, count: separator - text)
                variables[String(decoding: name, as: UTF8.self)] = String(cString: separator + 1)
            }
            entry = current + 1
        }
        return variables
    }
}
