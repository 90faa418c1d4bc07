import DiaryKit

extension CheckReport {
    /// `{"healthy", "integrityProblems", "blobProblems": [{"entry", "medium", "sha256",
    /// "problem"}], "verifiedBlobCount", "trashedEntries", "syncConflicts", "unreferencedBlobs",
    /// "recentUnreferencedBlobs", "damagedUnreferencedBlobs", "staleTemporaryFiles", "staleWorkFolders", "removed",
    /// "kept", "migrationBackups", "plaintextBackups", "keptDamagedLogs"}`;
    /// `kept` lists what repair left because the store has problems.
    var json: JSONValue {
        [
            "healthy": .bool(isHealthy),
            "integrityProblems": .array(integrityProblems.map(JSONValue.string)),
            "blobProblems": .array(
                blobProblems.map { problem in
                    [
                        "entry": .integer(Int(problem.entryID)), "medium": .integer(problem.mediumIndex),
                        "sha256": .string(problem.sha256), "problem": .string(problem.kind.rawValue)
                    ]
                }),
            "verifiedBlobCount": .integer(verifiedBlobCount),
            "trashedEntries": .integer(trashedEntryCount),
            "syncConflicts": .array(syncConflictEntryIDs.map { .integer(Int($0)) }),
            "unreferencedBlobs": .array(unreferencedBlobs.map(JSONValue.string)),
            "recentUnreferencedBlobs": .array(recentUnreferencedBlobs.map(JSONValue.string)),
            "damagedUnreferencedBlobs": .array(damagedUnreferencedBlobs.map(JSONValue.string)),
            "staleTemporaryFiles": .array(staleStagingFiles.map(JSONValue.string)),
            "staleWorkFolders": .array(staleWorkFolders.map(JSONValue.string)),
            "removed": .array(removed.map(JSONValue.string)),
            "kept": .array(kept.map { .string($0.name) }),
            "migrationBackups": .array(migrationBackups.map(JSONValue.string)),
            "plaintextBackups": .array(plaintextBackups.map(JSONValue.string)),
            "keptDamagedLogs": .array(keptDamagedLogs.map(JSONValue.string))
        ]
    }

    /// The report in sentences: the database, the media files, problems one per line,
    /// and what is (or was, with repair) unreferenced.
    func humanText(store: String, repaired: Bool) -> String {
        var lines = ["Store: \(store)"]
        lines.append(
            integrityProblems.isEmpty
                ? "Database: sound"
                : "Database: \(QuantityText.count(integrityProblems.count, "problem"))")
        lines += integrityProblems.map { "  " + $0 }
        lines.append(
            "Media files: \(verifiedBlobCount) checked, "
                + (blobProblems.isEmpty ? "all intact" : "\(blobProblems.count) missing or damaged"))
        lines += blobProblems.map { problem in
            "  entry #\(problem.entryID), medium \(problem.mediumIndex)"
                + (problem.fileName.map { " (\($0))" } ?? "")
                + ": \(problem.kind.rawValue) (\(problem.sha256))"
        }
        if !blobProblems.isEmpty {
            lines.append(
                "  To heal one, add the same file again ('diary edit <entry> --media <file>'); if the old "
                    + "medium stays damaged, '--remove-media <medium>' drops it.")
        }
        if !damagedUnreferencedBlobs.isEmpty {
            lines.append(
                "Unreferenced files failing authentication: \(damagedUnreferencedBlobs.count)"
                    + " (changed or damaged outside diary; no entry uses them)")
            lines += damagedUnreferencedBlobs.map { "  " + $0 }
        }
        let encryptedBackups = migrationBackups.filter { !plaintextBackups.contains($0) }
        if !keptDamagedLogs.isEmpty {
            lines.append(
                "Damaged logs kept aside: \(keptDamagedLogs.count) (they hold what the diary lost at the damage; "
                    + "keep them for a specialist, or remove them)")
            lines += keptDamagedLogs.map { "  " + $0 }
        }
        if !encryptedBackups.isEmpty {
            lines.append(
                "Backups from before an upgrade: \(encryptedBackups.count) (the diary as an older version "
                    + "kept it; remove them once the diary is as you expect)")
            lines += encryptedBackups.map { "  " + $0 }
        }
        let leftPlaintext = plaintextBackups.filter { !removed.contains($0) }
        if !leftPlaintext.isEmpty {
            lines.append(
                "Plaintext copies of this encrypted diary: \(leftPlaintext.count) (a backup an older version "
                    + "made before an upgrade; 'diary check --repair' removes them)")
            lines += leftPlaintext.map { "  " + $0 }
        }
        if !syncConflictEntryIDs.isEmpty {
            lines.append(
                "Sync conflicts: " + syncConflictEntryIDs.map { "#\($0)" }.joined(separator: ", ")
                    + " keep texts edited on two devices at once, each after a '--- conflicting edit from' line; edit to keep one"
            )
        }
        if trashedEntryCount > 0 {
            lines.append(
                "Trash: \(QuantityText.count(trashedEntryCount, "entry", plural: "entries")) waiting, media kept with them"
            )
        }
        let leftovers = unreferencedBlobs.count + staleStagingFiles.count + staleWorkFolders.count
        if repaired && !kept.isEmpty {
            let why =
                blobProblems.isEmpty
                ? "the database has problems, so what refers to the files cannot be trusted"
                : "a medium is missing or damaged, so the unreferenced files may be its only copy"
            lines.append("Removed nothing: \(why). Kept \(QuantityText.count(kept.count, "file")):")
            lines += kept.map { file in
                "  " + file.name
                    + (file.sameSizeAs.map {
                        " (the size of entry #\($0.entryID), medium \($0.mediumIndex), which is missing)"
                    } ?? "")
            }
        } else if repaired {
            lines.append(
                removed.isEmpty
                    ? "Nothing to remove."
                    : "Removed \(QuantityText.count(removed.count, "unreferenced file")):")
            lines += removed.map { "  " + $0 }
        } else if leftovers > 0 {
            lines.append("Unreferenced files: \(leftovers) (run 'diary check --repair' to remove them)")
            lines += staleWorkFolders.map { "  left by a killed import: " + $0 }
        }
        if !recentUnreferencedBlobs.isEmpty {
            lines.append(
                "Recent unreferenced files: \(recentUnreferencedBlobs.count) (kept for an hour: a save may still use them)"
            )
        }
        if isHealthy {
            lines.append("OK")
        } else if hasOnlyRepairableProblems {
            lines.append(
                damagedUnreferencedBlobs.allSatisfy(removed.contains)
                    ? "Problems found: a plaintext copy of the diary lies beside it; 'diary check --repair' removes it."
                    : "Problems found: unreferenced files fail authentication; 'diary check --repair' removes them.")
        } else {
            lines.append("Problems found: the damaged or missing media cannot be repaired here.")
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
