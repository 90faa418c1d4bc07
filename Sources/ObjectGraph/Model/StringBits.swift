/// The two words a `String` is made of, compared as plain numbers: two strings with the same
/// words are the same string (a small string's words are its bytes; a large one's point at one
/// shared, immutable buffer). Strings with different words may still be equal (one built at
/// run time, one a literal), so a match is a shortcut and a miss falls back to `==`.
// bench: objectgraph/fetch-100k-read
struct StringBits: Equatable {
    private let low: UInt64
    private let high: UInt64

    @inline(__always)
    init(_ string: String) {
        (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
    }
}
