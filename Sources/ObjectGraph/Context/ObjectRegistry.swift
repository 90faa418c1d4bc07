import Foundation

/// The uniquing table's key: a row of one entity hierarchy (rows of a hierarchy share keys).
struct RegistryKey: Hashable {
    /// The root entity's number (never 0).
    let root: Int64
    /// The row's primary key.
    let key: Int64
}

/// The uniquing table of a context: at most one object per stored row.
///
/// A store hands out primary keys in sequence, so the rows of one hierarchy a context holds
/// are mostly a dense run of keys. Each hierarchy therefore gets a plain array indexed by
/// `key - base` (a ``DenseRun``): no hashing and no probing, 8 bytes per object, and a fetch
/// in key order walks memory in order. A key far from its hierarchy's run (one that would leave
/// the array less than about a quarter full) goes to a hash table instead (the ``SpillTable``).
/// Every key lies in exactly one of the two: a key inside its run's range is only ever in the run
/// (widening a run moves the spilled keys it now covers into it).
struct ObjectRegistry {
    /// Dense runs by root entity number (model entity numbers are small, starting at 1).
    private var runs: [DenseRun] = []
    /// Keys outside their hierarchy's run, and every key of a root number too large for `runs`.
    private var spill = SpillTable()
    /// The number of registered objects.
    private(set) var count = 0

    /// Root numbers at or above this use only the spill table (no model has that many entities).
    private static let maximumRunRoot: Int64 = 4_096
    /// Keys at or above this use only the spill table, so run arithmetic never overflows.
    private static let maximumRunKey: Int64 = 1 << 60

    /// The object registered for `key`, or nil; setting nil removes it.
    subscript(key: RegistryKey) -> ManagedObject? {
        get {
            if let (run, index) = position(of: key) { return runs[run].objects[index] }
            return spill[key]
        }
        set {
            if let newValue { insert(newValue, for: key) } else { remove(key) }
        }
    }

    /// The object registered for `key`, or `make()`'s result, registered now (one lookup, not two).
    @inline(__always)
    mutating func object(for key: RegistryKey, orInsert make: () -> ManagedObject) -> (ManagedObject, inserted: Bool) {
        if let (run, index) = position(of: key) {
            if let object = runs[run].objects[index] { return (object, false) }
            let object = make()
            runs[run].objects[index] = object
            runs[run].occupied += 1
            count += 1
            return (object, true)
        }
        if let object = spill[key] { return (object, false) }
        let object = make()
        insert(object, for: key)
        return (object, true)
    }

    /// Every registered object.
    var values: [ManagedObject] {
        var result: [ManagedObject] = []
        result.reserveCapacity(count)
        forEach { result.append($0) }
        return result
    }

    /// Calls `body` with every registered object.
    func forEach(_ body: (ManagedObject) -> Void) {
        for run in runs where run.occupied > 0 {
            for case let object? in run.objects { body(object) }
        }
        spill.forEach { _, object in body(object) }
    }

    /// Forgets every object.
    mutating func removeAll() { self = ObjectRegistry() }

    /// The run and array index holding `key` when the key lies in its run's range.
    @inline(__always)
    private func position(of key: RegistryKey) -> (run: Int, index: Int)? {
        let run = Int(truncatingIfNeeded: key.root)
        // Runs start at a key >= 0, so `key - base` cannot overflow once `key >= base`.
        guard run >= 0, run < runs.count, key.key >= runs[run].base,
            key.key - runs[run].base < Int64(runs[run].objects.count)
        else { return nil }
        return (run, Int(key.key - runs[run].base))
    }

    private mutating func insert(_ object: ManagedObject, for key: RegistryKey) {
        if position(of: key) == nil && !widenRun(toInclude: key) {
            if spill.insert(object, for: key) { count += 1 }
            return
        }
        guard let (run, index) = position(of: key) else { return }
        if runs[run].objects[index] == nil {
            runs[run].occupied += 1
            count += 1
        }
        runs[run].objects[index] = object
    }

    private mutating func remove(_ key: RegistryKey) {
        if let (run, index) = position(of: key) {
            guard runs[run].objects[index] != nil else { return }
            runs[run].objects[index] = nil
            runs[run].occupied -= 1
            count -= 1
        } else if spill.remove(key) {
            count -= 1
        }
    }

    /// Widens `key`'s run so its range covers `key`, when the run stays dense enough; false when
    /// the key belongs in the spill table. Spilled keys of the hierarchy that the wider range
    /// covers move into the run.
    private mutating func widenRun(toInclude key: RegistryKey) -> Bool {
        guard (0..<Self.maximumRunKey).contains(key.key), (0..<Self.maximumRunRoot).contains(key.root) else {
            return false
        }
        let run = Int(key.root)
        if run >= runs.count { runs.append(contentsOf: repeatElement(DenseRun(), count: run + 1 - runs.count)) }
        guard runs[run].widen(toInclude: key.key) else { return false }
        if spill.count > 0 {
            let base = runs[run].base, upper = base + Int64(runs[run].objects.count)
            for (moved, object) in spill.removeAll(root: key.root, keysIn: base..<upper) {
                runs[run].objects[Int(moved - base)] = object
                runs[run].occupied += 1
            }
        }
        return true
    }
}

/// The objects of one hierarchy whose keys lie in `base ..< base + objects.count`, by `key - base`.
private struct DenseRun {
    /// The key of `objects[0]`; never negative (and, like every key in a run, below 2^60).
    var base: Int64 = 0
    var objects: [ManagedObject?] = []
    /// How many entries of `objects` are not nil.
    var occupied = 0

    /// Widens the range to also cover `key` (which lies outside it); false, leaving the run as
    /// it was, when the run would be less than about a quarter full. The range grows by as much
    /// again on the side that grew, so keys arriving in order (ascending or descending) widen it
    /// only a logarithmic number of times. Objects are moved, not copied: no reference counting.
    mutating func widen(toInclude key: Int64) -> Bool {
        let minimumSize: Int64 = 16
        guard occupied > 0 else {
            // Empty (or emptied): start afresh at `key`.
            base = key
            objects = Array(repeating: nil, count: Int(minimumSize))
            return true
        }
        let top = base + Int64(objects.count) - 1
        let low = min(base, key), high = max(top, key)
        // Keys in runs lie in 0 ..< 2^60, so none of this overflows.
        let span = high - low + 1
        guard span <= 4 * (Int64(occupied) + 1) + 64 else { return false }
        let size = max(minimumSize, span * 2)
        if key > top {
            // Growing upwards keeps the base: the array reallocates, moving its elements.
            objects.append(contentsOf: repeatElement(nil, count: Int(size) - objects.count))
            return true
        }
        let newBase = max(0, high + 1 - size)
        var widened = [ManagedObject?](repeating: nil, count: Int(size))
        let offset = Int(base - newBase)
        for index in objects.indices {
            if let object = objects[index].take() { widened[offset + index] = object }
        }
        base = newBase
        objects = widened
        return true
    }
}

/// An open-addressing hash table with linear probing, for keys that do not fit a dense run.
private struct SpillTable {
    private struct Slot {
        var root: Int64 = 0
        var key: Int64 = 0
        var object: ManagedObject?  // nil marks an empty slot
    }

    private var slots: [Slot] = []
    private(set) var count = 0

    subscript(key: RegistryKey) -> ManagedObject? {
        guard count > 0 else { return nil }
        let mask = slots.count - 1
        var index = home(key, mask: mask)
        while slots[index].object != nil {
            if slots[index].root == key.root && slots[index].key == key.key { return slots[index].object }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Registers `object` for `key`, replacing any; true when the key is new.
    mutating func insert(_ object: ManagedObject, for key: RegistryKey) -> Bool {
        if (count + 1) * 2 > slots.count { rehash(size: max(16, slots.count * 2)) }
        let mask = slots.count - 1
        var index = home(key, mask: mask)
        while slots[index].object != nil {
            if slots[index].root == key.root && slots[index].key == key.key {
                slots[index].object = object
                return false
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(root: key.root, key: key.key, object: object)
        count += 1
        return true
    }

    /// Removes `key`; true when it was there.
    mutating func remove(_ key: RegistryKey) -> Bool {
        guard count > 0 else { return false }
        let mask = slots.count - 1
        var hole = home(key, mask: mask)
        while slots[hole].object != nil && !(slots[hole].root == key.root && slots[hole].key == key.key) {
            hole = (hole + 1) & mask
        }
        guard slots[hole].object != nil else { return false }
        count -= 1
        // Backward-shift deletion: pull later entries of the probe run into the hole.
        var next = hole
        while true {
            next = (next + 1) & mask
            guard slots[next].object != nil else { break }
            let wanted = home(RegistryKey(root: slots[next].root, key: slots[next].key), mask: mask)
            let staysPut = hole <= next ? (hole < wanted && wanted <= next) : (hole < wanted || wanted <= next)
            if staysPut { continue }
            slots[hole] = slots[next]
            hole = next
        }
        slots[hole] = Slot()
        return true
    }

    /// Removes and returns the entries of hierarchy `root` whose keys lie in `keys`.
    mutating func removeAll(root: Int64, keysIn keys: Range<Int64>) -> [(key: Int64, object: ManagedObject)] {
        var taken: [(key: Int64, object: ManagedObject)] = []
        for slot in slots where slot.root == root && keys.contains(slot.key) {
            if let object = slot.object { taken.append((slot.key, object)) }
        }
        for entry in taken { _ = remove(RegistryKey(root: root, key: entry.key)) }
        return taken
    }

    func forEach(_ body: (RegistryKey, ManagedObject) -> Void) {
        for slot in slots {
            if let object = slot.object { body(RegistryKey(root: slot.root, key: slot.key), object) }
        }
    }

    /// Spilled keys are sparse and may follow any pattern, so they are scrambled (Fibonacci
    /// hashing: the high bits of a multiplication) rather than used as slots directly.
    @inline(__always)
    private func home(_ key: RegistryKey, mask: Int) -> Int {
        let mixed =
            (UInt64(bitPattern: key.key) ^ (UInt64(bitPattern: key.root) &* 0xD6E8_FEB8_6659_FD93))
            &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    private mutating func rehash(size: Int) {
        var old: [Slot] = []
        swap(&old, &slots)
        slots = Array(repeating: Slot(), count: size)
        let mask = size - 1
        for position in old.indices {
            // Moved, not copied: no reference counting while growing.
            guard let object = old[position].object.take() else { continue }
            var index = home(RegistryKey(root: old[position].root, key: old[position].key), mask: mask)
            while slots[index].object != nil { index = (index + 1) & mask }
            slots[index] = Slot(root: old[position].root, key: old[position].key, object: object)
        }
    }
}
