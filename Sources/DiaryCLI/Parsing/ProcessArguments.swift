#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The process's command line as the kernel gave it. Swift's `CommandLine.arguments` replaces
/// bytes that are not UTF-8 with U+FFFD, so a `--store` path so spelled would quietly name
/// another folder, and typed text would be changed: such an argument is refused instead.
enum ProcessArguments {
    /// The first argument (after the program's name) that is not valid UTF-8, as a usage
    /// problem naming its position and showing each invalid byte as `\xNN`; nil when all are.
    static func firstInvalidUTF8() -> String? {
        let count = Int(CommandLine.argc)
        for index in 1..<max(1, count) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) == nil {
                return
                    "argument \(index) is not valid UTF-8 ('\(shown(bytes))'): diary takes text and paths in UTF-8 only"
            }
        }
        return nil
    }

    /// The bytes as text, each byte that is not part of valid UTF-8 (and every control byte) as `\xNN`.
    static func shown(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var text = ""
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        // Decode scalar by scalar; on an error, show the one byte and go on after it.
        while offset < bytes.count {
            let rest = UnsafeBufferPointer(rebasing: bytes[offset...])
            iterator = rest.makeIterator()
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar) where scalar.value >= 0x20 && scalar.value != 0x7F:
                text.unicodeScalars.append(scalar)
                offset += String(scalar).utf8.count
            case .scalarValue(let scalar):
                text += "\\x" + hex(UInt8(truncatingIfNeeded: scalar.value))
                offset += 1
            case .emptyInput:
                offset = bytes.count
            case .error:
                text += "\\x" + hex(bytes[offset])
                offset += 1
            }
        }
        return text
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
