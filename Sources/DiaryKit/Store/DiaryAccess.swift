/// What a command means to do with the diary it opens, which decides what opening may do.
public enum DiaryAccess: Sendable, Hashable {
    /// Only read it (`list`, `show`, `search`, `check`…): a folder without a diary is
    /// ``DiaryError/noDiary(_:)`` and nothing is created; a diary this account may read but
    /// not write opens read-only.
    case reading
    /// Change a diary that exists (`edit`, `delete`, `check --repair`): a folder without one
    /// is ``DiaryError/noDiary(_:)``, a diary this account may not write ``DiaryError/readOnlyStore(_:)``.
    case updating
    /// Write to it, creating the folder and the diary when there is none yet (`new`, `import`);
    /// a diary this account may not write is ``DiaryError/readOnlyStore(_:)``.
    case creating
}
