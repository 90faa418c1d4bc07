import DiaryKit
import Foundation

extension ImportCommand {
    /// `--from photos`: plans the entries, then (unless `--dry-run`) imports them with progress
    /// on a terminal, one summary line, and one line per refused file.
    func importPhotos(context: CommandContext) throws {
        let plan = try PhotoImportPlan.scan(bundles, grouping: per ?? .day, timeZone: context.timeZone)
        let skipped =
            "\(plan.hiddenSkipped) hidden and \(plan.notMediaSkipped) non-media skipped"
            + (plan.unreadableFolders.isEmpty
                ? ""
                : ", \(QuantityText.count(plan.unreadableFolders.count, "folder")) that could not be read")
        defer {
            for folder in plan.unreadableFolders {
                context.writeErrorLine(
                    "diary: refused: \(folder.path): a folder this user may not read; its photos "
                        + "were not looked at")
            }
        }
        if dryRun {
            // What a rerun would really add: the files the diary holds already are left out.
            var present = 0
            var toHeal = 0
            var plan = plan
            do {
                let found = try context.openDiary(.reading, forReading: true).withoutStoredMedia(plan)
                (plan, present, toHeal) = (found.plan, found.alreadyPresent, found.toHeal.count)
            } catch DiaryError.noDiary {
                // No diary yet: everything is new.
            }
            // Checked as the import checks them: what it would refuse is not counted as imported.
            let refused: [PhotoImportSummary.Refusal]
            (plan, refused) = plan.checked()
            for entry in plan.entries {
                let undated =
                    entry.modificationDatedCount > 0
                    ? ", \(entry.modificationDatedCount) dated by modification time (no capture time)" : ""
                context.writeLine(
                    "\(entry.day): \(QuantityText.count(entry.fileCount, "media file")) "
                        + "(\(QuantityText.byteCount(entry.byteCount)))\(undated)")
            }
            context.writeLine(
                "would create \(QuantityText.count(plan.entries.count, "entry", plural: "entries")) "
                    + "from \(QuantityText.count(plan.fileCount, "media file"))"
                    + (present > 0
                        ? " (\(QuantityText.count(present, "file")) already in the diary"
                            + (toHeal > 0
                                ? ", \(toHeal) of whose stored copies \(toHeal == 1 ? "is" : "are") damaged or missing "
                                    + "and would be healed from \(toHeal == 1 ? "it" : "them")" : "") + ")" : "")
                    + "; \(refused.count) would be refused, \(skipped); nothing was changed")
            for refusal in refused {
                context.writeErrorLine("diary: would refuse: " + ErrorReporter.messageAndCode(for: refusal.error).0)
            }
            return
        }
        let diary = try context.openDiary(.creating)
        defer { diary.removeIfNeverUsed() }
        let progress = context.terminal.progressReporter()
        defer { progress.finish() }
        let started = Date()
        let unit = per == .photo ? "entries" : "days"
        let summary = try diary.importPhotos(plan, tags: tags) { step in
            let seconds = max(Date().timeIntervalSince(started), 0.001)
            let rate = Double(step.bytesDone) / 1_000_000 / seconds
            progress.update(
                completed: step.filesDone, total: max(step.fileCount, 1),
                "\(step.filesDone)/\(step.fileCount) files, \(step.entriesDone)/\(step.entryCount) \(unit), "
                    + String(format: "%.1f MB/s", rate))
        }
        progress.finish()
        let undated =
            summary.modificationDated > 0
            ? "; \(summary.modificationDated) dated by modification time (no capture time)" : ""
        context.writeLine(
            "imported \(QuantityText.count(summary.entriesCreated, "entry", plural: "entries")) "
                + "with \(QuantityText.count(summary.filesImported, "media file")) "
                + "(\(QuantityText.byteCount(summary.bytesImported))), \(summary.alreadyPresent) already present"
                + (summary.healed.isEmpty
                    ? ""
                    : " (\(summary.healed.count) healed: \(summary.healed.count == 1 ? "its stored copy was" : "their stored copies were") "
                        + "damaged or missing)")
                + ", "
                + "\(summary.refused.count) refused, \(skipped)\(undated)")
        for url in summary.healed {
            context.writeErrorLine(
                "diary: healed: \(url.path): the diary's copy of it was damaged or missing, "
                    + "and was replaced from this file")
        }
        for refusal in summary.refused {
            context.writeErrorLine("diary: refused: " + ErrorReporter.messageAndCode(for: refusal.error).0)
        }
        if summary.filesImported == 0 && summary.alreadyPresent == 0 && !summary.refused.isEmpty {
            throw CommandFailure(
                "nothing was imported: \(QuantityText.count(summary.refused.count, "file")) refused",
                exitCode: .dataError)
        }
    }
}
