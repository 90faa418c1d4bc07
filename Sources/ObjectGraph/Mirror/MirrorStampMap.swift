/// Stamps by key (a device, an attribute) that only move forward: the clock's ``MirrorObjectClock/edits``,
/// ``MirrorObjectClock/knew`` and the withdrawals' maps.
extension [String: MirrorStamp] {
    /// Whether `stamp` is later than what `key` holds (or `key` holds nothing).
    func isNewer(_ stamp: MirrorStamp, for key: String) -> Bool {
        self[key].map { stamp > $0 } ?? true
    }

    /// Sets `key` to `stamp` where it holds nothing or an earlier stamp.
    mutating func raise(_ key: String, to stamp: MirrorStamp) {
        if isNewer(stamp, for: key) { self[key] = stamp }
    }

    /// Raises each key of `other` to its stamp there.
    mutating func raise(toAll other: [String: MirrorStamp]) {
        for (key, stamp) in other { raise(key, to: stamp) }
    }
}

extension [String: MirrorStamp]? {
    /// Sets `key` to `stamp` where the map is absent, or holds nothing or an earlier stamp there.
    mutating func raise(_ key: String, to stamp: MirrorStamp) {
        var map = self ?? [:]
        map.raise(key, to: stamp)
        self = map
    }
}
