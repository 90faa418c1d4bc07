import Foundation
import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pull tokenizer over a JSON file that hands out the elements of one array one at a time,
/// reading the file in fixed 64 KiB chunks: memory stays flat however many elements the
/// array holds, and every element is checked completely before it is returned.
///
/// ```swift
/// let reader = try StreamingJSONReader(fileAt: url)
/// try reader.enterArray(forKey: "entries")   // or enterTopLevelArray()
/// while let element = try reader.nextElement() { … }
/// ```
///
/// Not `Sendable`: a reader and its file belong to one import.
final class StreamingJSONReader {
    /// The file being read.
    let url: URL
    /// The file's size in bytes when it was opened (for progress).
    let byteCount: Int64
    /// Bytes consumed so far.
    var bytesConsumed: Int64 { bytesBeforeBuffer + Int64(position) }
    /// The line the reader is on, counting from 1.
    private(set) var line = 1

    private let descriptor: Int32
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var position = 0
    private var filled = 0
    private var bytesBeforeBuffer: Int64 = 0
    private var atEnd = false
    private var elementsRead = 0
    private var arrayClosed = false
    private var scratch: [UInt8] = []
    /// Whether an object that names one key twice is a syntax error (JSON parsers disagree
    /// on which value wins, so a manifest may not do it).
    var rejectsDuplicateKeys = false

    /// The longest string a document may hold: an entry's text at most
    /// (``EntryLimits/maximumTextByteCount``), refused while it is read.
    static let maximumStringByteCount = EntryLimits.maximumTextByteCount
    /// How deeply arrays and objects may nest inside one element.
    static let maximumDepth = 256
    /// Bytes read from the file at a time.
    static let chunkSize = 64 * 1024

    /// Opens `url` for reading.
    /// - Throws: ``InteropError/fileNotFound(_:)``, ``InteropError/unreadable(_:reason:)``.
    init(fileAt url: URL) throws(InteropError) {
        self.url = url
        (descriptor, byteCount) = try InputFile.openWithSize(url)
        buffer = .allocate(capacity: Self.chunkSize)
    }

    deinit {
        buffer.deallocate()
        close(descriptor)
    }

    // MARK: Finding the array

    /// Expects the document to be an array and positions before its first element.
    /// - Throws: ``JSONSyntaxError`` when it is not; ``InteropError`` when reading fails.
    func enterTopLevelArray() throws(InteropError) {
        try syntax {
            try skipByteOrderMark()
            try expect(UInt8(ascii: "["), "the file to start with '['")
        }
    }

    /// Expects the document to be an object, skips (checking) its members up to `key`,
    /// whose value must be an array, and positions before that array's first element.
    /// - Throws: ``InteropError/malformed(file:entry:reason:)`` for a syntax error or a missing key.
    func enterArray(forKey key: String) throws(InteropError) {
        try syntax {
            try skipByteOrderMark()
            try expect(UInt8(ascii: "{"), "the file to start with '{'")
            var first = true
            while true {
                try skipWhitespace()
                if try peek() == UInt8(ascii: "}") {
                    throw JSONSyntaxError(line: line, message: "the top-level object has no \"\(key)\" array")
                }
                if !first { try expect(UInt8(ascii: ","), "',' or '}' between members"); try skipWhitespace() }
                first = false
                let name = try readString()
                try skipWhitespace()
                try expect(UInt8(ascii: ":"), "':' after a member name")
                try skipWhitespace()
                if name == key {
                    try expect(UInt8(ascii: "["), "\"\(key)\" to be an array")
                    return
                }
                _ = try readValue(depth: 0, keep: false)
            }
        }
    }

    /// Reads and checks the whole document, one value followed by nothing but whitespace.
    /// - Throws: ``InteropError/malformed(file:entry:reason:)`` for a syntax error.
    func checkDocument() throws(InteropError) {
        try syntax {
            try skipByteOrderMark()
            try skipWhitespace()
            _ = try readValue(depth: 0, keep: false)
            try skipWhitespace()
            if let byte = try peek() {
                throw JSONSyntaxError(line: line, message: "unexpected \(Self.describe(byte)) after the document")
            }
        }
    }

    // MARK: Elements

    /// The next element of the array entered, or nil after its last one.
    /// - Throws: ``InteropError/malformed(file:entry:reason:)`` naming the element's number.
    func nextElement() throws(InteropError) -> JSONNode? {
        guard !arrayClosed else { return nil }
        return try syntax(namingElement: true) { () throws -> JSONNode? in
            try skipWhitespace()
            if try peek() == UInt8(ascii: "]") {
                position += 1
                arrayClosed = true
                return nil
            }
            if elementsRead > 0 {
                try expect(UInt8(ascii: ","), "',' or ']' after an element")
                try skipWhitespace()
            }
            elementsRead += 1
            return try readValue(depth: 0, keep: true)
        }
    }

    /// Runs `body`, turning a syntax error into ``InteropError/malformed(file:entry:reason:)``
    /// (naming the element being read when `namingElement`).
    private func syntax<Result>(namingElement: Bool = false, _ body: () throws -> Result) throws(InteropError) -> Result
    {
        do {
            return try body()
        } catch let error as JSONSyntaxError {
            throw .malformed(file: url, entry: namingElement ? elementsRead : nil, reason: error.description)
        } catch let error as InteropError {
            throw error
        } catch {
            throw .unreadable(url, reason: "\(error)")
        }
    }

    // MARK: Values

    /// Reads one value; with `keep` false it is only checked and `.null` is returned.
    private func readValue(depth: Int, keep: Bool) throws -> JSONNode {
        guard depth < Self.maximumDepth else {
            throw JSONSyntaxError(line: line, message: "values nest deeper than \(Self.maximumDepth) levels")
        }
        guard let byte = try peek() else { throw unexpectedEnd() }
        switch byte {
        case UInt8(ascii: "\""):
            let string = try readString()
            return keep ? .string(string) : .null
        case UInt8(ascii: "{"):
            position += 1
            return try readObject(depth: depth, keep: keep)
        case UInt8(ascii: "["):
            position += 1
            return try readArray(depth: depth, keep: keep)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw JSONSyntaxError(line: line, message: "unexpected \(Self.describe(byte)) where a value should be")
        }
    }

    private func readObject(depth: Int, keep: Bool) throws -> JSONNode {
        var members: [String: JSONNode] = [:]
        var names = Set<String>()
        try skipWhitespace()
        if try peek() == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            try skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(line: line, message: "expected a member name in quotes")
            }
            let name = try readString()
            if rejectsDuplicateKeys, !names.insert(name).inserted {
                throw JSONSyntaxError(line: line, message: "the key \"\(name.prefix(80))\" appears twice in one object")
            }
            try skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a member name")
            try skipWhitespace()
            let value = try readValue(depth: depth + 1, keep: keep)
            if keep { members[name] = value }
            try skipWhitespace()
            guard let next = try peek() else { throw unexpectedEnd() }
            position += 1
            if next == UInt8(ascii: "}") { return .object(members) }
            guard next == UInt8(ascii: ",") else {
                throw JSONSyntaxError(
                    line: line, message: "expected ',' or '}' after a member, found \(Self.describe(next))")
            }
        }
    }

    private func readArray(depth: Int, keep: Bool) throws -> JSONNode {
        var elements: [JSONNode] = []
        try skipWhitespace()
        if try peek() == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            try skipWhitespace()
            let value = try readValue(depth: depth + 1, keep: keep)
            if keep { elements.append(value) }
            try skipWhitespace()
            guard let next = try peek() else { throw unexpectedEnd() }
            position += 1
            if next == UInt8(ascii: "]") { return .array(elements) }
            guard next == UInt8(ascii: ",") else {
                throw JSONSyntaxError(
                    line: line, message: "expected ',' or ']' in an array, found \(Self.describe(next))")
            }
        }
    }

    /// Reads a string at the current `"`, decoding escapes and checking UTF-8.
    private func readString() throws -> String {
        try expect(UInt8(ascii: "\""), "'\"'")
        scratch.removeAll(keepingCapacity: true)
        while true {
            if position == filled { guard try refill() else { throw unexpectedEnd() } }
            // Copy the plain run up to the next quote, backslash or control character at once.
            let start = position
            while position < filled {
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                position += 1
            }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<position]))
            if scratch.count > Self.maximumStringByteCount {
                throw JSONSyntaxError(
                    line: line,
                    message: "a string is longer than the limit of "
                        + EntryLimits.describe(bytes: Int64(Self.maximumStringByteCount)) + " (an entry's text at most)"
                )
            }
            guard position < filled else { continue }
            let byte = buffer[position]
            position += 1
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                throw JSONSyntaxError(
                    line: line, message: "a string contains a raw control character (\(Self.describe(byte)))")
            }
            try readEscape()
        }
        guard let string = String(validating: scratch, as: UTF8.self) else {
            throw JSONSyntaxError(line: line, message: "a string is not valid UTF-8")
        }
        return string
    }

    /// Decodes the escape after a backslash into `scratch`.
    private func readEscape() throws {
        guard let byte = try next() else { throw unexpectedEnd() }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard try next() == UInt8(ascii: "\\"), try next() == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(line: line, message: "a \\u escape holds half of a surrogate pair")
                }
                let low = try readHexQuad()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw JSONSyntaxError(line: line, message: "a \\u escape holds half of a surrogate pair")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let character = Unicode.Scalar(scalar) else {
                throw JSONSyntaxError(line: line, message: "a \\u escape holds half of a surrogate pair")
            }
            scratch.append(contentsOf: String(character).utf8)
        default:
            throw JSONSyntaxError(line: line, message: "unknown escape \\\(Self.describe(byte))")
        }
    }

    private func readHexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try next() else { throw unexpectedEnd() }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError(line: line, message: "a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Reads a number in JSON's grammar.
    private func readNumber() throws -> Double {
        scratch.removeAll(keepingCapacity: true)
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                scratch.append(byte)
                position += 1
            default:
                return try number(from: scratch)
            }
        }
        return try number(from: scratch)
    }

    private func number(from bytes: [UInt8]) throws -> Double {
        let text = String(decoding: bytes, as: UTF8.self)
        guard Self.isJSONNumber(bytes), let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(line: line, message: "\(text) is not a JSON number")
        }
        return value
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private static func isJSONNumber(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if digits() == 0 { return false }
        }
        return index == bytes.count
    }

    // MARK: Bytes

    private func skipWhitespace() throws {
        while true {
            if position == filled { guard try refill() else { return } }
            switch buffer[position] {
            case UInt8(ascii: "\n"): line += 1; position += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    private func skipByteOrderMark() throws {
        try skipWhitespace()
        guard try peek() == 0xEF else { return }
        for expected: UInt8 in [0xEF, 0xBB, 0xBF] where try next() != expected {
            throw JSONSyntaxError(line: line, message: "the file starts with bytes that are not JSON")
        }
        try skipWhitespace()
    }

    private func peek() throws -> UInt8? {
        if position == filled { guard try refill() else { return nil } }
        return buffer[position]
    }

    private func next() throws -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    private func expect(_ byte: UInt8, _ what: String) throws {
        guard let found = try peek() else {
            throw JSONSyntaxError(line: line, message: "the file ends where \(what) was expected")
        }
        guard found == byte else {
            throw JSONSyntaxError(line: line, message: "expected \(what), found \(Self.describe(found))")
        }
        position += 1
    }

    private func expectWord(_ word: String) throws {
        for byte in word.utf8 where try next() != byte {
            throw JSONSyntaxError(line: line, message: "expected \(word)")
        }
    }

    private func unexpectedEnd() -> JSONSyntaxError {
        JSONSyntaxError(line: line, message: "the file ends in the middle of a value")
    }

    /// Reads the next chunk; false at the end of the file.
    private func refill() throws -> Bool {
        guard !atEnd else { return false }
        bytesBeforeBuffer += Int64(filled)
        position = 0
        filled = 0
        let count = retryingInterrupted { read(descriptor, buffer.baseAddress, buffer.count) }
        if count > 0 { filled = count; return true }
        if count == 0 { atEnd = true; return false }
        throw InteropError.unreadable(url, reason: String(cString: strerror(errno)))
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
