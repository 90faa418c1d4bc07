/// The lines of `diary sync status` about what the remote holds.
enum SyncText {
    /// `The remote holds 1234 change sets and 2 snapshots; the newest covers 1000 of them, so a
    /// device joining now replays 234.`, or, before the first snapshot, that a device joining
    /// replays every change set. `snapshots` holds how many change sets each snapshot covers, the
    /// newest first.
    static func remoteContents(changeSets count: Int, snapshots: [Int]) -> String {
        let changeSets = QuantityText.count(count, "change set")
        guard let newest = snapshots.first else {
            return "The remote holds \(changeSets) and no snapshot yet: a device joining now replays them all."
        }
        let replayed = max(0, count - newest)
        return "The remote holds \(changeSets) and \(QuantityText.count(snapshots.count, "snapshot")); "
            + "the newest covers \(newest) of them, so a device joining now replays \(replayed)."
    }
}
