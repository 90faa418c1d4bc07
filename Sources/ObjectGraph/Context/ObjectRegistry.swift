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
/// An open-addressing hash table with linear probing over the two integer keys. Primary keys
/// are mostly consecutive, so the slot is the key itself (offset per hierarchy) masked to the
/// table size: consecutive rows land in consecutive slots and a fetch of 100,000 objects walks
/// memory in order. `Dictionary` (SipHash seeding, scattered slots) was the largest single cost
/// of such a fetch.
struct ObjectRegistry {
    private struct Slot {
        var root: Int64 = 0          // 0 marks an empty slot
        var key: Int64 = 0
        var object: ManagedObject?
    }

    private var slots: [Slot] = []
    /// The number of registered objects.
    private(set) var count = 0

    /// The object registered for `key`, or nil; setting nil removes it.
    subscript(key: RegistryKey) -> ManagedObject? {
        get {
            guard count > 0 else { return nil }
            let mask = slots.count - 1
            var index = home(key, mask: mask)
            while slots[index].root != 0 {
                if slots[index].root == key.root && slots[index].key == key.key { return slots[index].object }
                index = (index + 1) & mask
            }
            return nil
        }
        set {
            if let newValue { insert(newValue, for: key) } else { remove(key) }
        }
    }

    /// The object registered for `key`, or `make()`'s result, registered now (one probe, not two).
    @inline(__always)
    mutating func object(for key: RegistryKey, orInsert make: () -> ManagedObject) -> (ManagedObject, inserted: Bool) {
        if (count + 1) * 2 > slots.count { reserveCapacity(count + 1) }
        let mask = slots.count - 1
        var index = home(key, mask: mask)
        while slots[index].root != 0 {
            if slots[index].root == key.root && slots[index].key == key.key, let object = slots[index].object {
                return (object, false)
            }
            index = (index + 1) & mask
        }
        let object = make()
        slots[index] = Slot(root: key.root, key: key.key, object: object)
        count += 1
        return (object, true)
    }

    /// Makes room for `capacity` objects without growing again.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = max(16, slots.count)
        while size < capacity * 2 { size *= 4 }
        if size > slots.count { rehash(size: size) }
    }

    /// Every registered object.
    var values: [ManagedObject] { slots.compactMap(\.object) }

    /// Calls `body` with every registered object.
    func forEach(_ body: (ManagedObject) -> Void) {
        for slot in slots { if let object = slot.object { body(object) } }
    }

    /// Forgets every object.
    mutating func removeAll() { self = ObjectRegistry() }

    @inline(__always)
    private func home(_ key: RegistryKey, mask: Int) -> Int {
        Int(truncatingIfNeeded: key.key &+ key.root &* 0x2545_F491_4F6C_DD1D) & mask
    }

    private mutating func insert(_ object: ManagedObject, for key: RegistryKey) {
        if (count + 1) * 2 > slots.count { reserveCapacity(count + 1) }
        let mask = slots.count - 1
        var index = home(key, mask: mask)
        while slots[index].root != 0 {
            if slots[index].root == key.root && slots[index].key == key.key {
                slots[index].object = object
                return
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(root: key.root, key: key.key, object: object)
        count += 1
    }

    private mutating func remove(_ key: RegistryKey) {
        guard count > 0 else { return }
        let mask = slots.count - 1
        var hole = home(key, mask: mask)
        while slots[hole].root != 0 && !(slots[hole].root == key.root && slots[hole].key == key.key) {
            hole = (hole + 1) & mask
        }
        guard slots[hole].root != 0 else { return }
        count -= 1
        // Backward-shift deletion: pull later entries of the probe run into the hole.
        var next = hole
        while true {
            next = (next + 1) & mask
            guard slots[next].root != 0 else { break }
            let wanted = home(RegistryKey(root: slots[next].root, key: slots[next].key), mask: mask)
            let staysPut = hole <= next ? (hole < wanted && wanted <= next) : (hole < wanted || wanted <= next)
            if staysPut { continue }
            slots[hole] = slots[next]
            hole = next
        }
        slots[hole] = Slot()
    }

    private mutating func rehash(size: Int) {
        var old: [Slot] = []
        swap(&old, &slots)
        slots = Array(repeating: Slot(), count: size)
        let mask = size - 1
        for position in old.indices where old[position].root != 0 {
            // Moved, not copied: no reference counting while growing.
            guard let object = old[position].object.take() else { continue }
            var index = home(RegistryKey(root: old[position].root, key: old[position].key), mask: mask)
            while slots[index].root != 0 { index = (index + 1) & mask }
            slots[index] = Slot(root: old[position].root, key: old[position].key, object: object)
        }
    }
}
