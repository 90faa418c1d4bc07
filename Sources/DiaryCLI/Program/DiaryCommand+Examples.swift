extension DiaryCommand {
    /// The manual page's EXAMPLES: real command lines (a test parses each one), a few per kind of use.
    static let examples: [ProgramExample] = [
        ProgramExample(
            ["new", "--text", "Beach day", "--image", "IMG_0042.jpg", "--tag", "travel"],
            "Write an entry with a photo and a tag:"),
        ProgramExample(["list", "--on", "yesterday"], "List yesterday's entries, under one heading per day:"),
        ProgramExample(["search", "sunset", "--json"], "Find the entries that mention sunset, as JSON for a script:"),
        ProgramExample(
            ["edit", "42", "--append", "Swam at dusk.", "--on", "photo"],
            "Add a paragraph to entry #42 and date it by when its earliest photo was taken:"),
        ProgramExample(
            ["export", "42", "--output", "out", "--zip"], "Export entry #42 with its media as one zip file in out:"),
        ProgramExample(
            ["import", "--from", "photos", "Pictures/2026-07", "--dry-run"],
            "See which entries a camera roll would add, one per day, without changing anything:"),
        ProgramExample(
            ["passphrase", "--rekey"],
            "Give an encrypted diary a new passphrase and re-encrypt it under a new key:")
    ]
}
