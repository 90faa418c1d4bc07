import DiaryKit
import Foundation

/// `diary sync [init REMOTE | join REMOTE | status | leave]`: one diary on every device.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "sync", abstract: "Sync with your other devices through a folder or rclone remote.",
        discussion: """
            'diary sync init REMOTE' makes REMOTE (an empty folder that Syncthing, Nextcloud or \
            Dropbox keeps in step, or rclone:NAME:path for any remote rclone reaches) this \
            diary's sync remote, asking for a new sync passphrase (or running \
            DIARY_NEW_PASSPHRASE_COMMAND, else DIARY_PASSPHRASE_COMMAND). 'diary sync join \
            REMOTE' joins it from every further device with that passphrase. 'diary sync' \
            sends what changed here and applies what the other devices sent, and prints one \
            summary line; 'diary sync status' names the devices and what waits; 'diary sync \
            leave' stops syncing here (the remote and the other devices keep everything). \
            Everything on the remote is encrypted with a key only the passphrase opens; the \
            remote sees sizes and times, never a word, tag, photo or file name. An entry edited \
            on two devices at once keeps both texts, the later first, after a line naming the \
            other device; an entry edited on one device while another removed it comes back.
            """)

    @RepeatingArgument(
        "action", valueName: "action", atLeastOne: false,
        help: "init [REMOTE], join [REMOTE] (the sync.remote setting when none), status or leave; none to sync now.")
    var words: [String]

    func validate() throws(UsageError) {
        switch words.first {
        case nil: return
        case "init", "join":
            guard words.count <= 2 else {
                throw .invalid("'sync \(words[0])' takes one remote: a folder path or rclone:NAME:path")
            }
        case "status", "leave":
            guard words.count == 1 else { throw .invalid("'sync \(words[0])' takes no remote") }
        default:
            throw .invalid("unknown sync action '\(words[0])'; use init, join, status or leave")
        }
    }

    func run(in context: CommandContext) throws {
        let base = context.argumentContext.currentDirectory
        switch words.first {
        case "init":
            let diary = try context.openDiary(.creating)
            let address = try remoteAddress(diary)
            let remote = try Diary.syncRemote(address, base: base)
            if let current = try diary.syncAddress() { throw DiaryError.sync(.alreadyMirrored(remote: current)) }
            let passphrase = try context.passphrases.new(for: "the sync remote \(remote.displayName)", replacing: false)
            try diary.startSync(address: address, remote: remote, passphrase: passphrase)
            context.writeErrorLine(
                "This diary now syncs with \(remote.displayName); run 'diary sync join \(address)' on your other devices."
            )
        case "join":
            // A new device joins with no diary yet: it is made here.
            let diary = try context.openDiary(.creating)
            let address = try remoteAddress(diary)
            let remote = try Diary.syncRemote(address, base: base)
            if let current = try diary.syncAddress() { throw DiaryError.sync(.alreadyMirrored(remote: current)) }
            let passphrase = try context.passphrases.current(for: "the sync remote \(remote.displayName)")
            try diary.joinSync(address: address, remote: remote, passphrase: passphrase)
            context.writeErrorLine(
                "Joined \(remote.displayName); run 'diary sync' to bring the other devices' entries here.")
        case "status":
            let diary = try context.openDiary(.reading)
            let address = try diary.syncAddress()
            guard let address else { throw DiaryError.sync(.notMirrored) }
            let status = try diary.syncStatus(remote: try? Diary.syncRemote(address, base: base))
            let escaper = context.terminal.outputEscaper
            context.writeLine(
                "Syncs with \(escaper.escaped(address)) as \(escaper.escaped(status.deviceName)); "
                    + QuantityText.count(status.pendingObjects, "change") + " waiting to be sent.")
            for device in status.devices {
                let seen = device.lastSeen.map { " (last heard from \(context.dateText.dayAndTime(of: $0)))" } ?? ""
                context.writeLine(
                    "  \(escaper.escaped(device.name)): \(QuantityText.count(device.appliedChangeSets, "change set")) applied, "
                        + "\(device.waitingChangeSets) waiting\(seen)")
            }
            context.writeLine(
                SyncText.remoteContents(changeSets: status.remoteChangeSets, snapshots: status.remoteSnapshots))
        case "leave":
            let diary = try context.openDiary(.updating)
            guard let address = try diary.syncAddress() else { throw DiaryError.sync(.notMirrored) }
            try diary.leaveSync()
            context.writeErrorLine(
                "This diary no longer syncs with \(address); its entries stay here and on the remote.")
        default:
            try syncNow(in: context, base: base)
        }
    }

    /// How many change sets beyond the newest snapshot make a sync upload a new one:
    /// `DIARY_SYNC_SNAPSHOT_EVERY` (0: never), else nil (the default, 500).
    private func snapshotInterval(in context: CommandContext) throws -> Int? {
        guard let text = context.environment["DIARY_SYNC_SNAPSHOT_EVERY"] else { return nil }
        guard let interval = Int(text), interval >= 0 else {
            throw UsageError.invalid(
                "DIARY_SYNC_SNAPSHOT_EVERY='\(String(text.prefix(40)))' is no number of change sets (0 for never)")
        }
        return interval
    }

    /// The remote `init` or `join` was given, else the `sync.remote` setting.
    private func remoteAddress(_ diary: Diary) throws -> String {
        if words.count == 2 { return words[1] }
        guard let address = try diary.setting(.syncRemote) else {
            throw UsageError.invalid(
                "'sync \(words[0])' takes the remote: a folder path, webdav://host/path or "
                    + "rclone:NAME:path (or set a default with 'diary config set sync.remote REMOTE')")
        }
        return address
    }

    private func syncNow(in context: CommandContext, base: URL) throws {
        let diary = try context.openDiary(.updating)
        guard let address = try diary.syncAddress() else { throw DiaryError.sync(.notMirrored) }
        let remote = try Diary.syncRemote(address, base: base)
        let showsProgress = context.terminal.isStandardErrorTerminal
        let summary = try diary.sync(remote: remote, snapshotInterval: try snapshotInterval(in: context)) { step in
            if showsProgress { context.terminal.standardError.write("\r\u{1B}[Ksync: \(step)") }
        }
        if showsProgress { context.terminal.standardError.write("\r\u{1B}[K") }
        let escaper = context.terminal.outputEscaper
        var sent = "sent " + QuantityText.count(summary.sentObjects, "change")
        if summary.sentBlobs > 0 { sent += " and " + QuantityText.count(summary.sentBlobs, "medium", plural: "media") }
        if summary.sentSnapshots > 0 { sent += " and a snapshot" }
        if summary.sentBytes > 0 { sent += " (\(QuantityText.byteCount(summary.sentBytes)))" }
        let received = summary.received.sorted { $0.key < $1.key }.map { name, count in
            QuantityText.count(count, "change") + " from " + escaper.escaped(name)
        }
        context.writeLine(sent + "; received " + (received.isEmpty ? "nothing" : received.joined(separator: ", ")))
        let errors = context.terminal.errorEscaper
        if summary.loadedSnapshot != nil {
            context.writeErrorLine(
                "diary: note: started from a snapshot of the diary on the remote; only the changes made after it were replayed"
            )
        }
        if !summary.conflicts.isEmpty {
            context.writeErrorLine(
                "diary: note: " + QuantityText.count(summary.conflicts.count, "entry", plural: "entries")
                    + " edited on two devices at once keep both texts (look for '--- conflicting edit from')")
        }
        if !summary.revived.isEmpty {
            context.writeErrorLine(
                "diary: note: " + QuantityText.count(summary.revived.count, "entry", plural: "entries")
                    + " removed on one device and edited on another came back")
        }
        for refused in summary.refused { context.writeErrorLine("diary: refused " + errors.escaped(refused)) }
    }
}
