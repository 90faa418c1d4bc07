import CMediaShim

/// Runs one guarded CMediaShim call with a message buffer; returns the message when the
/// call failed, nil when it succeeded.
func shimFailure(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
    var message = [CChar](repeating: 0, count: 256)
    let status = message.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
    guard status != CMS_OK else { return nil }
    let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    return text.isEmpty ? "the decoder failed" : text
}

/// The first warning the shim recorded, read through a message buffer.
func shimWarning(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> (count: Int, first: String) {
    var message = [CChar](repeating: 0, count: 256)
    let count = message.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
    return (Int(count), message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
}
