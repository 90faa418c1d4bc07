extension EntryEditor {
    /// Reads jrnl's inline syntax in the entry's text, by the same rules the jrnl importer
    /// applies: every `@tag` and `#tag` word adds that tag (the text keeps the words, as jrnl
    /// does) and a `*` ending the first line stars the entry (the star leaves the text).
    /// - Throws: ``DiaryError/invalidTag(_:)`` for a tag name that cannot be used.
    public func applyInlineSyntax() throws(DiaryError) {
        guard let typed = text else { return }
        let inline = JrnlEntryText.inline(typed)
        text = inline.text
        try addTags(inline.tags)
        if inline.starred { isStarred = true }
    }

    /// After the text changed from `previousText`, makes the inline tags follow it: a tag that
    /// an `@tag`/`#tag` word of the old text gave and the new text no longer has goes, unless it
    /// is one of `kept` (what `--tag` gives in the same command); every inline tag of the new
    /// text is added. Tags that never came from the text stay. The text itself is left as it is.
    /// - Throws: as ``addTags(_:)``.
    public func followInlineTags(from previousText: String?, keeping kept: [String]) throws(DiaryError) {
        guard text != previousText else { return }
        let newTags = text.map { JrnlEntryText.inline($0).tags } ?? []
        let stillWanted = Set((newTags + kept).map { Tag.normalized(Self.tagName(fromOption: $0)) })
        for old in previousText.map({ JrnlEntryText.inline($0).tags }) ?? []
        where !stillWanted.contains(Tag.normalized(old)) {
            removeTag(old)
        }
        try addTags(newTags)
    }
}
