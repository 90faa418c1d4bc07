/// How long `diary unlock --for D` keeps the key: a whole number with the unit `s`, `m` or `h`
/// (`90s`, `15m`, `2h`), from one second to one day.
struct UnlockDuration: ExpressibleByArgument, Equatable {
    /// The length in seconds.
    let seconds: Int

    /// The default, 15 minutes.
    static let standard = UnlockDuration(seconds: 15 * 60)
    /// The longest a key is kept: one day.
    static let maximumSeconds = 24 * 3600

    private init(seconds: Int) {
        self.seconds = seconds
    }

    /// `90s`, `15m`, `2h`.
    init?(argument: String, context: ArgumentContext) {
        guard let unit = argument.last, let scale = ["s": 1, "m": 60, "h": 3600][unit],
            let count = Int(argument.dropLast()), argument.dropLast().allSatisfy(\.isASCII),
            count > 0, count <= Self.maximumSeconds / scale
        else { return nil }
        seconds = count * scale
    }

    /// The forms, for the usage error's hint.
    static var acceptedForms: [String] { ["90s", "15m", "2h (at most 24h)"] }
}
