import Foundation

/// An attribute value as the graph keeps it: one case per storage class, no `Any` boxes,
/// so comparing, sorting, encoding and binding to SQL are plain switches.
///
/// The rare external-blob cases are `indirect` (boxed): their payloads are wider than a
/// string's, and inline they would widen every value from 24 to 40 bytes. A fetch of
/// 100,000 objects then allocates (and page-faults in) megabytes less.
@usableFromInline
enum StoredValue: Hashable, Sendable, Codable {
    case null
    case string(String)
    /// Every integer type and booleans' storage in SQL.
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case uuid(UUID)
    /// A binary value kept as a content-addressed file beside the store.
    indirect case blob(BlobReference)
    /// A binary value set from a file and not yet saved: the file is copied at save time.
    case file(URL)
    /// A binary value a save in progress has staged in the blob store; the store commits it
    /// inside its write transaction, so no concurrent sweep can remove it in between.
    indirect case staged(PendingBlob)
    /// A binary value left in the store by a fetch that defers them
    /// (``ManagedObjectContext/defersBinaryValues``): read from the row on first access. It
    /// is never written: a save reads it first, and a store refuses to bind it.
    case deferred

    /// Converts a Swift value to the storage of `type`, or nil when it has the wrong type
    /// or does not fit (an `Int` too large for `integer16`).
    init?(_ value: Any, for type: AttributeType) {
        switch type {
        case .string:
            guard let text = value as? String else { return nil }
            self = .string(text)
        case .integer16, .integer32, .integer64:
            guard let number = Self.integer(value) else { return nil }
            let fits =
                switch type {
                case .integer16: Int64(Int16.min)...Int64(Int16.max) ~= number
                case .integer32: Int64(Int32.min)...Int64(Int32.max) ~= number
                default: true
                }
            guard fits else { return nil }
            self = .integer(number)
        case .double:
            if let number = value as? Double {
                self = .double(number)
            } else if let number = value as? Float {
                self = .double(Double(number))
            } else if let number = value as? Int {
                self = .double(Double(number))
            } else {
                return nil
            }
        case .boolean:
            guard let flag = value as? Bool else { return nil }
            self = .bool(flag)
        case .date:
            guard let date = value as? Date else { return nil }
            self = .date(date)
        case .binary:
            guard let data = value as? Data else { return nil }
            self = .data(data)
        case .uuid:
            guard let uuid = value as? UUID else { return nil }
            self = .uuid(uuid)
        }
    }

    private static func integer(_ value: Any) -> Int64? {
        switch value {
        case let number as Int: Int64(number)
        case let number as Int64: number
        case let number as Int32: Int64(number)
        case let number as Int16: Int64(number)
        case let number as Int8: Int64(number)
        case let number as UInt8: Int64(number)
        case let number as UInt16: Int64(number)
        case let number as UInt32: Int64(number)
        default: nil
        }
    }

    /// The Swift value for an attribute of `type`, as ``ManagedObject/value(forKey:)`` returns it.
    /// External blobs are not read here (the object does that through its store).
    ///
    /// An integer attribute gives an `NSNumber` of its declared width, as Core Data does: the
    /// number bridges to every integer type that holds it, so `as? Int`, `as? Int64` and
    /// `as? Int16` all find the value (a boxed `Int64` would answer `as? Int64` alone).
    func swiftValue(for type: AttributeType) -> Any? {
        switch self {
        case .null: nil
        case .string(let text): text
        case .integer(let number):
            switch type {
            case .integer16: NSNumber(value: Int16(truncatingIfNeeded: number))
            case .integer32: NSNumber(value: Int32(truncatingIfNeeded: number))
            case .boolean: number != 0
            case .double: Double(number)
            default: NSNumber(value: number)
            }
        case .double(let number): number
        case .bool(let flag): flag
        case .date(let date): date
        case .data(let data): data
        case .uuid(let uuid): uuid
        case .blob, .file, .staged, .deferred: nil
        }
    }

    /// `value` as the storage of an attribute of `type` (a whole number fits a double
    /// attribute), or nil when it does not fit: how a batch update, a batch insert and a
    /// derived attribute store what the predicate layer gives them.
    init?(_ value: PredicateValue, for type: AttributeType) {
        let swift: Any
        switch value {
        case .null: self = .null; return
        case .bool(let flag): swift = flag
        case .integer(let number): swift = type == .double ? Double(number) as Any : number as Any
        case .double(let number): swift = number
        case .string(let text): swift = text
        case .date(let date): swift = date
        case .uuid(let uuid): swift = uuid
        case .data(let data): swift = data
        case .object, .array: return nil
        }
        self.init(swift, for: type)
    }

    /// The value as the predicate layer sees it.
    var predicateValue: PredicateValue {
        switch self {
        case .null, .blob, .file, .staged, .deferred: .null
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .double(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .date(let date): .date(date)
        case .data(let data): .data(data)
        case .uuid(let uuid): .uuid(uuid)
        }
    }

    var isNull: Bool { if case .null = self { true } else { false } }

    /// The blob a value lives in (committed or staged), or nil for a value kept inline.
    var externalReference: BlobReference? {
        switch self {
        case .blob(let reference): reference
        case .staged(let pending): pending.staged.reference
        default: nil
        }
    }
}

/// A staged blob inside a ``StoredValue``. Staged blobs only pass through a save; the box
/// exists because the value type they sit in is `Codable` and `StagedBlob` is not.
@usableFromInline
struct PendingBlob: Hashable, Sendable, Codable {
    let staged: StagedBlob

    init(_ staged: StagedBlob) { self.staged = staged }

    private enum CodingKeys: String, CodingKey { case sha256, byteCount, temporaryURL }

    @usableFromInline
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        staged = StagedBlob(
            sha256: try container.decode(String.self, forKey: .sha256),
            byteCount: try container.decode(Int64.self, forKey: .byteCount),
            temporaryURL: try container.decode(URL.self, forKey: .temporaryURL))
    }

    @usableFromInline
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(staged.sha256, forKey: .sha256)
        try container.encode(staged.byteCount, forKey: .byteCount)
        try container.encode(staged.temporaryURL, forKey: .temporaryURL)
    }
}
