internal import CMediaShim

/// Runs one guarded CMediaShim call with a message buffer; returns the message when the
/// call failed, nil when it succeeded.
func shimFailure(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
    var message = [CChar](repeating: 0, count: 256)
    let status = message.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.map { call($0, buffer.count) } ?? CMS_OK
    }
    guard status != CMS_OK else { return nil }
    let text = String(nulTerminated: message)
    return text.isEmpty ? "the decoder failed" : text
}

/// The first warning the shim recorded, read through a message buffer.
func shimWarning(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> (count: Int, first: String) {
    var message = [CChar](repeating: 0, count: 256)
    let count = message.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.map { call($0, buffer.count) } ?? 0
    }
    return (Int(count), String(nulTerminated: message))
}

extension String {
    /// The text of a C message buffer up to its first NUL (or its end, when C filled it
    /// without one), decoded as UTF-8 with invalid bytes replaced.
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
