/// The typed properties of a class read straight from the reflection records the compiler
/// emits for it (its field descriptor: each stored property's name and mangled type name) and
/// from its metadata (the field offsets), without resolving any field's type.
///
/// `_forEachField` hands out each field's type, and resolving a type such as
/// `Attribute<String?>` from its mangled name checks the generic arguments' requirements:
/// a conformance lookup, which the first time for each type scans all of the binary's ~5,800
/// conformance records. For a model of 141 typed fields that was 2.8 million instructions of
/// every process that builds it. Here a field is typed storage when it is named `_name`
/// and its mangled type name begins with a symbolic reference to the type descriptor of one of
/// the storage types a prototype recorded (`Attribute`, `Relationship`): the generic type itself,
/// whatever its arguments.
///
/// The layouts read are those of Swift's stable ABI (docs/ABI/TypeMetadata.rst) for a class
/// without Objective-C interoperation, the only kind on Linux: the nominal type descriptor at
/// word 5 of class metadata, its field descriptor and field-offset vector. Whatever does not
/// look as expected (another platform, a generic class, a resilient superclass, a `_field` of a
/// type not recorded) makes ``typedFields(of:storageTypes:)`` return nil, and the caller asks the
/// runtime's reflection as before.
enum ClassFieldRecords {
    /// The typed properties of `type` and its superclasses (theirs first), as
    /// `TypedFields.reflectedFields(of:storageTypes:)` finds them; nil when the records cannot tell.
    static func typedFields(
        of type: ManagedObject.Type,
        storageTypes: Set<ObjectIdentifier>
    ) -> [(offset: Int, name: String)]? {
        #if os(Linux)
            var storageDescriptors = Set<UnsafeRawPointer>()
            for storage in storageTypes {
                guard let descriptor = valueTypeDescriptor(of: storage) else { return nil }
                storageDescriptors.insert(descriptor)
            }
            var chain: [AnyClass] = []
            var current: AnyClass? = type
            while let level = current {
                chain.append(level)
                current = _getSuperclass(level)
            }
            var fields: [(offset: Int, name: String)] = []
            for level in chain.reversed() {
                guard let own = typedFields(ofLevel: level, storageDescriptors: storageDescriptors) else { return nil }
                fields += own
            }
            return fields
        #else
            return nil
        #endif
    }

    /// The typed fields `level` itself declares.
    private static func typedFields(
        ofLevel level: AnyClass,
        storageDescriptors: Set<UnsafeRawPointer>
    ) -> [(offset: Int, name: String)]? {
        let metadata = unsafeBitCast(level, to: UnsafeRawPointer.self)
        guard let descriptor = metadata.load(fromByteOffset: 40, as: UnsafeRawPointer?.self) else { return nil }
        let flags = descriptor.load(as: UInt32.self)
        // Kind 16 (a class), not generic (bit 7), no resilient superclass (kind-specific bit 13).
        guard flags & 0x1F == 16, flags & (1 << 7) == 0, flags & (1 << 29) == 0 else { return nil }
        let fieldCount = Int(descriptor.load(fromByteOffset: 36, as: UInt32.self))
        let offsetVector = Int(descriptor.load(fromByteOffset: 40, as: UInt32.self))
        if fieldCount == 0 { return [] }
        guard let records = relativeTarget(descriptor + 16) else { return nil }
        let recordSize = Int(records.load(fromByteOffset: 10, as: UInt16.self))
        guard recordSize >= 12, Int(records.load(fromByteOffset: 12, as: UInt32.self)) == fieldCount else { return nil }
        var fields: [(offset: Int, name: String)] = []
        for index in 0..<fieldCount {
            let record = records + 16 + index * recordSize
            guard let namePointer = relativeTarget(record + 8) else { return nil }
            let name = namePointer.assumingMemoryBound(to: CChar.self)
            guard name[0] == CChar(truncatingIfNeeded: UInt8(ascii: "_")) else { continue }
            guard let typeName = relativeTarget(record + 4), let nominal = symbolicReference(typeName),
                storageDescriptors.contains(nominal)
            else { return nil }
            let offset = metadata.load(fromByteOffset: (offsetVector + index) * MemoryLayout<Int>.size, as: Int.self)
            fields.append((offset, String(cString: name + 1)))
        }
        return fields
    }

    /// The nominal type descriptor of a struct or enum type's metadata (word 1); nil for other kinds.
    private static func valueTypeDescriptor(of type: ObjectIdentifier) -> UnsafeRawPointer? {
        let metadata = UnsafeRawPointer(bitPattern: UInt(bitPattern: type))
        guard let metadata else { return nil }
        let kind = metadata.load(as: UInt.self)
        guard kind == 0x200 || kind == 0x201 else { return nil }
        return metadata.load(fromByteOffset: 8, as: UnsafeRawPointer?.self)
    }

    /// The descriptor a mangled type name starts with: a direct (`\u{1}`) or indirect (`\u{2}`)
    /// symbolic reference; nil for any other start.
    private static func symbolicReference(_ mangled: UnsafeRawPointer) -> UnsafeRawPointer? {
        switch mangled.load(as: UInt8.self) {
        case 1: return relativeTarget(mangled + 1)
        case 2: return relativeTarget(mangled + 1)?.loadUnaligned(as: UnsafeRawPointer?.self)
        default: return nil
        }
    }

    /// Where the 32-bit relative pointer at `field` points; nil for a null (zero) one.
    private static func relativeTarget(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        let distance = field.loadUnaligned(as: Int32.self)
        return distance == 0 ? nil : field + Int(distance)
    }
}
