/// Closest-name suggestions for "Did you mean …?".
enum EditDistance {
    /// The Levenshtein distance between two strings, counted in Characters.
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate closest to `name`, if it is close enough to be a likely typo:
    /// at most two edits, and fewer than half the characters of the name. Ties go to
    /// the candidate listed first.
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let limit = min(2, (name.count - 1) / 2)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = between(name, candidate)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }
}
