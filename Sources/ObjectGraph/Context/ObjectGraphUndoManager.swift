import Foundation

/// Records a context's changes in groups so ``ManagedObjectContext/undo()`` and
/// ``ManagedObjectContext/redo()`` can take them back and forth (Foundation's `UndoManager`
/// does not exist on Linux). Opt in with `context.undoManager = ObjectGraphUndoManager()`.
///
/// What a group is: with ``groupsByEvent`` (the default) every change between two calls of
/// ``ManagedObjectContext/processPendingChanges()`` is one group — a save, an undo, a redo and a
/// rollback call it too — so an app calls `processPendingChanges()` once per user action.
/// ``beginUndoGrouping()``/``endUndoGrouping()`` (or ``ManagedObjectContext/undoGroup(named:_:)``)
/// make a group explicitly; nested groups fold into the outermost one.
///
/// A group keeps, per object it touched, the object's whole state before the first change
/// (attribute values, relationship slots, inserted/deleted), so undoing puts every side of a
/// relationship back, inverses included. Changes made while saving (`willSave()`) and store
/// refreshes (merges, conflict resolution) are not recorded. Confined to its context's thread.
public final class ObjectGraphUndoManager {
    /// How many groups ``ManagedObjectContext/undo()`` can go back; the oldest are dropped beyond it. 0: no limit.
    public var levelsOfUndo = 0 {
        didSet { trim() }
    }
    /// Whether each event (the changes between two `processPendingChanges()` calls) becomes a group of its own.
    public var groupsByEvent = true
    /// How deep ``beginUndoGrouping()`` calls are nested now.
    public private(set) var groupingLevel = 0
    /// Whether an undo is being applied.
    public private(set) var isUndoing = false
    /// Whether a redo is being applied.
    public private(set) var isRedoing = false

    private var disabled = 0
    private var open: UndoGroup?
    private var undoStack: [UndoGroup] = []
    private var redoStack: [UndoGroup] = []

    /// An empty undo manager.
    public init() {}

    /// Whether there is a group to undo (an open one counts).
    public var canUndo: Bool { !undoStack.isEmpty || !(open?.entries.isEmpty ?? true) }
    /// Whether there is a group to redo.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// The name of the group ``ManagedObjectContext/undo()`` would take back ("" when unnamed).
    public var undoActionName: String {
        open.flatMap { $0.entries.isEmpty ? nil : $0.name } ?? undoStack.last?.name ?? ""
    }
    /// The name of the group ``ManagedObjectContext/redo()`` would apply again.
    public var redoActionName: String { redoStack.last?.name ?? "" }
    /// Whether changes are recorded now (see ``disableUndoRegistration()``).
    public var isUndoRegistrationEnabled: Bool { disabled == 0 && !isUndoing && !isRedoing }

    /// Names the group being recorded (for a menu's "Undo Rename").
    public func setActionName(_ name: String) { open?.name = name }

    /// Starts an explicit group; changes until the matching ``endUndoGrouping()`` undo together.
    public func beginUndoGrouping() {
        if groupingLevel == 0 {
            closeGroup()
            open = UndoGroup()
        }
        groupingLevel += 1
    }

    /// Ends the group ``beginUndoGrouping()`` started (the outermost one is then undoable).
    public func endUndoGrouping() {
        guard groupingLevel > 0 else { return }
        groupingLevel -= 1
        if groupingLevel == 0 { closeGroup() }
    }

    /// Stops recording until as many ``enableUndoRegistration()`` calls.
    public func disableUndoRegistration() { disabled += 1 }
    /// Resumes recording.
    public func enableUndoRegistration() { disabled = max(0, disabled - 1) }

    /// Forgets every group, to undo and to redo.
    public func removeAllActions() {
        open = nil
        groupingLevel = 0
        undoStack = []
        redoStack = []
    }

    // MARK: Recording (called by the context)

    /// Keeps `object`'s state from before its first change in the current group.
    func capture(_ object: ManagedObject, in context: ManagedObjectContext) {
        guard isUndoRegistrationEnabled else { return }
        if open == nil {
            open = UndoGroup()
            redoStack = []
        }
        guard open?.seen.insert(ObjectIdentifier(object)).inserted == true else { return }
        open?.entries.append((object, context.undoState(of: object)))
    }

    /// Ends the event group (``groupsByEvent``), unless an explicit group is open.
    func endEvent() {
        if groupsByEvent && groupingLevel == 0 { closeGroup() }
    }

    /// The group to undo, taken off the stack (closing any open group first).
    func popUndo() -> UndoGroup? {
        groupingLevel = 0
        closeGroup()
        return undoStack.popLast()
    }

    /// The group to redo, taken off its stack.
    func popRedo() -> UndoGroup? {
        groupingLevel = 0
        closeGroup()
        return redoStack.popLast()
    }

    /// Runs `body` as undoing (or redoing) and files the group it returns for the other direction.
    func applying(undo: Bool, _ body: () -> UndoGroup) {
        if undo { isUndoing = true } else { isRedoing = true }
        let inverse = body()
        isUndoing = false
        isRedoing = false
        if undo { redoStack.append(inverse) } else { undoStack.append(inverse); trim() }
    }

    private func closeGroup() {
        guard let group = open else { return }
        open = nil
        guard !group.entries.isEmpty else { return }
        undoStack.append(group)
        trim()
    }

    private func trim() {
        if levelsOfUndo > 0 && undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    }
}

/// The objects one undo group touched, each with its state before the group.
struct UndoGroup {
    var name = ""
    var entries: [(object: ManagedObject, state: UndoState)] = []
    var seen = Set<ObjectIdentifier>()
}

/// One object's state as undo restores it.
struct UndoState {
    /// Whether the object was in the context: inserted, or registered and not deleted.
    var exists: Bool
    var values: [StoredValue]
    var slots: [RelationshipSlot]
    /// The members of each ordered to-many relationship in order, by relationship index.
    var memberOrders: [Int: [ManagedObject]]
    var changedKeys: Set<String>
    /// The context's save count when taken: a state from before a save has its changed keys recomputed.
    var generation: Int
    /// Keeps the blob files of the state's externally stored values while the state can be restored.
    var retention: BlobRetention? = nil
}
