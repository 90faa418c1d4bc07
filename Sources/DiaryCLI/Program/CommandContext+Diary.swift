import DiaryKit
import Foundation

extension CommandContext {
    /// Opens the diary in ``storeDirectory`` for `access` (a reading command never creates
    /// one); `forReading` for a short command that only reads it (see
    /// ``Diary/init(directory:access:busyTimeout:mediaLimits:forReading:whileWaiting:)``). When
    /// opening for writing made a store that other accounts could read private, says so in one
    /// line on stderr; on a terminal, a save that waits for another process's write lock says so.
    /// An encrypted diary is opened with its key (``unlockedKey()``: the keyring's, else the passphrase).
    /// - Throws: ``DiaryError`` when there is no diary to read, the folder cannot be used, the
    ///   store is read-only for a write, damaged or busy, or the passphrase is wrong;
    ///   ``PassphraseInputError`` when no passphrase can be had.
    /// A diary this call creates is encrypted when `encrypting` says so or `DIARY_ENCRYPT=1` is
    /// set (``encryptsNewStores``): a new passphrase is asked for first. A diary opened for
    /// writing is noted, so that its trash entries whose time is over go once the command has
    /// succeeded (``removeDueTrash()``). `unlocked` is the key when the caller has it already.
    func openDiary(
        _ access: DiaryAccess, forReading: Bool = false, encrypting: Bool = false,
        unlocked: DiaryKey? = nil
    ) throws -> Diary {
        let errors = terminal.standardError
        let notice: (@Sendable (TimeInterval) -> Void)? =
            terminal.isStandardErrorTerminal
            ? { @Sendable timeout in
                errors.write(
                    "Waiting for another diary process to finish writing (up to \(Int(timeout.rounded())) s)…\n")
            } : nil
        let key: DiaryKey?
        if access == .creating, encrypting || encryptsNewStores, !Diary.exists(directory: storeDirectory),
            !Diary.isEncrypted(directory: storeDirectory)
        {
            let passphrase = try passphrases.new(for: storeDirectory.path, replacing: false, creating: true)
            key = try Diary.prepareEncrypted(directory: storeDirectory, passphrase: passphrase)
        } else {
            key = try unlocked ?? unlockedKey()
        }
        let diary = try Diary(
            directory: storeDirectory, access: access, forReading: forReading, whileWaiting: notice,
            key: key)
        if access != .reading { openedForWriting.note(diary) }
        sayOnce(try? diary.takeSettingNotices())
        display.take(DisplayPreferences(settings: (try? diary.settings()) ?? []))
        if !diary.tightenedPaths.isEmpty {
            writeErrorLine(
                "diary: the store at \(diary.directory.path) was open to other accounts; made it private "
                    + "(folders 0700, files 0600, media 0400; \(QuantityText.count(diary.tightenedPaths.count, "item")) changed)"
            )
        }
        return diary
    }

    /// Removes for good, from each diary this command opened for writing, the trash entries whose
    /// time is over, naming them on stderr as `delete` does: what `delete` and `trash` did alone,
    /// now on every writing command. Run once the command has succeeded, so a failing one leaves
    /// the store as it was. A purge that fails (the store busy meanwhile) is left to the next
    /// writing command: the command itself did what was asked.
    func removeDueTrash() {
        // A store the command made and removed again, as unused, is left alone.
        for diary in openedForWriting.takeAll() where Diary.exists(directory: diary.directory) {
            guard let purged = try? diary.purgeExpiredTrash(now: argumentContext.now) else { continue }
            if let note = TrashText.purgeNote(purged) { writeErrorLine(note) }
        }
    }

    /// Says on stderr, once, each setting another device changed:
    /// `list.limit is now 50 (changed on laptop, 2026-12-04 09:12)`.
    private func sayOnce(_ notices: [DiarySettingNotice]?) {
        let escaper = terminal.errorEscaper
        for notice in notices ?? [] {
            let what = notice.value.map { "is now \(escaper.escaped($0))" } ?? "was unset"
            writeErrorLine(
                "diary: \(notice.key) \(what) (changed on \(escaper.escaped(notice.deviceName)), "
                    + WallClockTime(notice.time, in: FixedOffset(seconds: 0)).dayAndMinuteString + " UTC)")
        }
    }

    /// Whether `DIARY_ENCRYPT=1` asks for new stores to be encrypted.
    var encryptsNewStores: Bool { environment["DIARY_ENCRYPT"] == "1" }

    /// A listing in this context's time zone.
    func query(_ filter: EntryFilter = EntryFilter(), newestFirst: Bool = true, limit: Int? = nil) -> DiaryQuery {
        DiaryQuery(filter: filter, newestFirst: newestFirst, limit: limit, timeZone: timeZone)
    }

    /// Writes entries as a JSON array of entry objects, or as a listing under day
    /// headings, or `emptyMessage` when there are none.
    func write(entries: [EntryRecord], json: Bool, emptyMessage: String) {
        if json {
            writeJSON(.array(entries.map { $0.scriptingJSON(in: timeZone) }))
        } else if entries.isEmpty {
            writeLine(emptyMessage)
        } else {
            write(entryFormatter.listing(entries))
        }
    }

    /// A formatter for entries written to this context's stdout.
    var entryFormatter: EntryFormatter { EntryFormatter(context: self) }
}
