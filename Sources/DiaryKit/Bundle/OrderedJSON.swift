/// A JSON value whose objects keep their keys in the order given, rendered pretty-printed.
///
/// `JSONEncoder` on Linux orders keys by hash unless told to sort them; the manifest
/// is read by people too, so it is written with its keys in a fixed, meaningful order.
indirect enum OrderedJSON: Sendable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    /// The value as pretty-printed JSON with two-space indentation and a final newline.
    func rendered() -> String {
        var out = ""
        render(into: &out, depth: 0)
        out += "\n"
        return out
    }

    private func render(into out: inout String, depth: Int) {
        let inner = String(repeating: "  ", count: depth + 1)
        let outer = String(repeating: "  ", count: depth)
        switch self {
        case .string(let value):
            JSONStringLiteral.append(value, to: &out)
        case .integer(let value):
            out += String(value)
        case .number(let value):
            // JSON has no infinities or NaN; callers never pass them, null keeps it valid.
            out += value.isFinite ? "\(value)" : "null"
        case .bool(let value):
            out += value ? "true" : "false"
        case .null:
            out += "null"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (position, item) in items.enumerated() {
                out += inner
                item.render(into: &out, depth: depth + 1)
                out += position == items.count - 1 ? "\n" : ",\n"
            }
            out += outer + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (position, (key, value)) in members.enumerated() {
                out += inner
                JSONStringLiteral.append(key, to: &out)
                out += ": "
                value.render(into: &out, depth: depth + 1)
                out += position == members.count - 1 ? "\n" : ",\n"
            }
            out += outer + "}"
        }
    }
}
