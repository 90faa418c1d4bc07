import Foundation

/// The identities jrnl entries get, which have no UUID of their own: a name-based UUID of
/// the day, the minute and the text, so that importing the same journal again finds each
/// entry present. jrnl keeps identical entries (same minute, same text) as separate entries,
/// so the second of them in a file gets the UUID of the same name with `2` added, the third
/// with `3`…: they stay separate entries, and a rerun still recognises every one of them.
///
/// The journal file and jrnl's JSON export of it give the same identities.
struct JrnlEntryIdentities {
    /// How often each first identity was handed out so far.
    private var occurrences: [UUID: Int] = [:]

    /// The identity of the next entry written at `day` (`YYYY-MM-DD`) `minute` (`HH:MM`) with `text`.
    mutating func uuid(day: String, minute: String, text: String) -> UUID {
        let first = NameBasedUUID.make(["jrnl", day, minute, text])
        let earlier = occurrences[first, default: 0]
        occurrences[first] = earlier + 1
        return earlier == 0 ? first : NameBasedUUID.make(["jrnl", day, minute, text, String(earlier + 1)])
    }
}
