import Foundation

extension FetchPredicate: CustomStringConvertible {
    /// The predicate in the format language; parsing it gives back an equal predicate.
    public var predicateFormat: String {
        switch self {
        case .constant(let value): return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let inner): return "NOT \(inner.formatAsOperand)"
        case .and(let parts):
            return parts.isEmpty ? "TRUEPREDICATE" : parts.map(\.formatAsOperand).joined(separator: " AND ")
        case .or(let parts):
            return parts.isEmpty ? "FALSEPREDICATE" : parts.map(\.formatAsOperand).joined(separator: " OR ")
        case .comparison(let comparison): return comparison.predicateFormat
        }
    }

    /// The format language form, as ``predicateFormat``.
    public var description: String { predicateFormat }

    /// The format, parenthesized when it is a compound that would bind differently.
    private var formatAsOperand: String {
        switch self {
        case .and(let parts) where parts.count > 0: return "(\(predicateFormat))"
        case .or(let parts) where parts.count > 0: return "(\(predicateFormat))"
        case .not: return "(\(predicateFormat))"
        default: return predicateFormat
        }
    }
}

extension PredicateComparison: CustomStringConvertible {
    /// The comparison in the format language, e.g. `ANY tags.name ==[c] "travel"`.
    public var predicateFormat: String {
        var text = quantifier == .direct ? "" : quantifier.rawValue + " "
        text += lhs.predicateFormat + " " + op.rawValue
        switch options {
        case [.caseInsensitive, .diacriticInsensitive]: text += "[cd]"
        case .caseInsensitive: text += "[c]"
        case .diacriticInsensitive: text += "[d]"
        default: break
        }
        return text + " " + rhs.predicateFormat
    }

    /// The format language form, as ``predicateFormat``.
    public var description: String { predicateFormat }
}

extension FetchExpression: CustomStringConvertible {
    /// The expression in the format language.
    public var predicateFormat: String {
        switch self {
        case .keyPath(let path):
            if path.isEmpty { return "SELF" }
            return path.map { component in
                let isPlain =
                    !component.isEmpty
                    && component.enumerated().allSatisfy { index, c in
                        c.isLetter || c == "_" || (index > 0 && c.isNumber) || (index == 0 && (c == "@" || c == "$"))
                    }
                if !isPlain || PredicateParser.reservedWords.contains(component.uppercased()) {
                    return "#" + component
                }
                return component
            }.joined(separator: ".")
        case .constant(let value): return value.predicateFormat
        case .variable(let name): return "$" + name
        case .aggregate(let items): return "{" + items.map(\.predicateFormat).joined(separator: ", ") + "}"
        case .subquery(let collection, let variable, let predicate, let count):
            let text =
                "SUBQUERY(\(FetchExpression.keyPath(collection).predicateFormat), \(variable), \(predicate.predicateFormat))"
            return count ? text + ".@count" : text
        }
    }

    /// The format language form, as ``predicateFormat``.
    public var description: String { predicateFormat }
}

extension PredicateValue: CustomStringConvertible {
    /// The constant as a literal of the format language (`CAST(…)` for dates, UUIDs,
    /// data and objects).
    public var predicateFormat: String {
        switch self {
        case .null: return "nil"
        case .bool(let value): return value ? "TRUE" : "FALSE"
        case .integer(let value): return String(value)
        case .double(let value): return value.description
        case .string(let value): return Self.quoted(value)
        case .date(let value): return "CAST(\(value.timeIntervalSinceReferenceDate.description), \"NSDate\")"
        case .uuid(let value): return "CAST(\"\(value.uuidString)\", \"UUID\")"
        case .data(let value): return "CAST(\"\(value.base64EncodedString())\", \"NSData\")"
        case .object(let id): return "CAST(\(Self.quoted(id.uriRepresentation.absoluteString)), \"ObjectID\")"
        case .array(let items): return "{" + items.map(\.predicateFormat).joined(separator: ", ") + "}"
        }
    }

    /// The format language form, as ``predicateFormat``.
    public var description: String { predicateFormat }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for c in text {
            switch c {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            default: result.append(c)
            }
        }
        return result + "\""
    }
}
