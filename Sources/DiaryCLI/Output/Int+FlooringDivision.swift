extension Int {
    /// Division rounding towards negative infinity, with a remainder in `0..<divisor`.
    func quotientAndRemainderFlooring(_ divisor: Int) -> (quotient: Int, remainder: Int) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
