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
}
