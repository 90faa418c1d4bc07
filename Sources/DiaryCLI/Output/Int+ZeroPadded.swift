extension Int {
    /// The decimal digits, with leading zeros up to `width` (`7.zeroPadded(2)` is `07`).
    func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
