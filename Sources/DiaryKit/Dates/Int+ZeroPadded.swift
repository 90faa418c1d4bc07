extension Int {
    /// The decimal digits, with leading zeros up to `width` after any minus sign
    /// (`7.zeroPadded(2)` is `07`, `(-7).zeroPadded(4)` is `-0007`).
    package func zeroPadded(_ width: Int) -> String {
        let digits = String(magnitude)
        return (self < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
