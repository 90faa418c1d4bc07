#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where piped-in text comes from: the process's stdin, or fixed bytes in tests.
public struct StandardInput: Sendable {
    private let readBytes: @Sendable () throws(TextInputError) -> [UInt8]

    /// Reads the process's file descriptor 0 to its end.
    public static let process = StandardInput { () throws(TextInputError) in
        try readToEnd(descriptor: STDIN_FILENO)
    }

    /// Always gives these bytes (for tests).
    public static func fixed(_ text: String) -> StandardInput {
        let bytes = Array(text.utf8)
        return StandardInput { () throws(TextInputError) in bytes }
    }

    /// Makes a source from a closure that returns everything there is to read.
    public init(_ readBytes: @escaping @Sendable () throws(TextInputError) -> [UInt8]) {
        self.readBytes = readBytes
    }

    /// All the text to its end, classified (whitespace only is ``TextInputOutcome/cancelled``).
    /// - Throws: ``TextInputError/standardInputUnreadable(reason:)`` or ``TextInputError/notUTF8(source:)``.
    public func readText() throws(TextInputError) -> TextInputOutcome {
        guard let text = String(validating: try readBytes(), as: UTF8.self) else {
            throw .notUTF8(source: "standard input")
        }
        return TextInputOutcome(raw: text)
    }

    /// All the text to its end, as ``TypedText`` that is written to a file of its own only
    /// when the command has to keep it.
    /// - Throws: as ``readText()``.
    func readTypedText(temporaryDirectory: URL) throws(TextInputError) -> TypedText {
        guard let text = String(validating: try readBytes(), as: UTF8.self) else {
            throw .notUTF8(source: "standard input")
        }
        return TypedText(outcome: TextInputOutcome(raw: text), raw: text, file: nil,
                         temporaryDirectory: temporaryDirectory)
    }

    private static func readToEnd(descriptor: Int32) throws(TextInputError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw .standardInputUnreadable(reason: String(cString: strerror(errno)))
            }
        }
    }
}
