import Foundation

// The one place where a predicate becomes SQL.

extension FetchPredicate {
    /// Compiles the predicate to a boolean SQL expression over the rows of `entityName`'s
    /// table, named `alias` in the caller's query (`SELECT … FROM "Entry" AS "t0" WHERE …`).
    ///
    /// Values are always bound (``SQLPredicateFragment/bindings``), never spliced into the
    /// text; names come from `schema` and are double-quoted. To-one key paths become scalar
    /// subqueries, `ANY`/`ALL`/`NONE` and to-many paths `EXISTS` subqueries, `@count` and
    /// `SUBQUERY` `COUNT(*)` subqueries; destinations are restricted to their entity numbers.
    /// The caller restricts the fetched table itself. `[c]`/`[d]`, string operators, `LIKE`
    /// and `MATCHES` call the functions of ``PredicateSQLFunctions``, which must be registered
    /// on the connection. Subquery aliases are named `og_t1`, `og_t2`…; do not use those.
    /// - Throws: ``PredicateSQLError`` for unknown entities or keys, unresolved variables,
    ///   unsaved objects, invalid regular expressions and unsupported constructs.
    package func sqlFragment(
        entityName: String, alias: String,
        schema: any SQLPredicateSchema
    ) throws(PredicateSQLError) -> SQLPredicateFragment {
        guard let mapping = schema.sqlMapping(forEntity: entityName) else { throw .unknownEntity(entityName) }
        var compiler = PredicateSQLCompiler(schema: schema)
        let root = PredicateSQLCompiler.Cursor(
            entity: entityName, mapping: mapping, row: PredicateSQLCompiler.quote(alias))
        return try compiler.compile(self, scope: PredicateSQLCompiler.Scope(root: root))
    }
}

/// Translates predicate trees to SQL for one ``SQLPredicateSchema``.
///
/// Every compiled predicate is 1, 0 or NULL, NULL only where the in-memory result is false,
/// so `AND`/`OR` keep their meaning and `NOT p` is written `(p) IS NOT 1`.
struct PredicateSQLCompiler {
    let schema: any SQLPredicateSchema
    private var aliasCount = 0

    init(schema: any SQLPredicateSchema) { self.schema = schema }

    /// An object reached along a key path: a row of a joined table, or only its key.
    struct Cursor {
        var entity: String
        var mapping: SQLEntityMapping
        /// The quoted alias of the object's row, when it is in the query's FROM.
        var row: String?
        /// SQL giving the object's primary key (NULL for an unset to-one).
        var key: String

        init(entity: String, mapping: SQLEntityMapping, row: String) {
            self.entity = entity
            self.mapping = mapping
            self.row = row
            self.key = row + "." + PredicateSQLCompiler.quote(mapping.primaryKeyColumn)
        }

        init(entity: String, mapping: SQLEntityMapping, key: String) {
            self.entity = entity
            self.mapping = mapping
            self.row = nil
            self.key = key
        }
    }

    /// What names mean where a predicate is compiled.
    struct Scope {
        var root: Cursor
        /// `SUBQUERY` variables (`$m`) → the member row.
        var members: [String: Cursor] = [:]
    }

    /// One to-many step: the tables it adds to a subquery's FROM and the condition tying
    /// them to the object before.
    struct Level {
        var from: String
        var condition: String
    }

    /// What kind of value an SQL expression gives, to refuse comparisons the in-memory
    /// evaluator finds false by kind (text against a number…) but SQLite's affinities
    /// would convert and compare.
    enum ValueKind {
        case text, number, blob, object

        init?(_ value: PredicateValue) {
            switch value {
            case .string, .uuid: self = .text
            case .bool, .integer, .double, .date: self = .number
            case .data: self = .blob
            case .object: self = .object
            case .null, .array: return nil
            }
        }

        init(_ encoding: SQLAttributeMapping.Encoding) {
            switch encoding {
            case .text, .uuid: self = .text
            case .integer, .boolean, .real, .date: self = .number
            case .blob: self = .blob
            }
        }

        /// Whether values of kinds `a` and `b` can be equal or ordered (unknown kinds can).
        static func comparable(_ a: ValueKind?, _ b: ValueKind?) -> Bool { a == nil || b == nil || a == b }
    }

    /// One value per row (or per member): its SQL, the constant when it is one, its kind.
    struct Value {
        var sql: SQLPredicateFragment
        var constant: PredicateValue?
        var kind: ValueKind?
    }

    /// An operand of a comparison.
    enum Operand {
        /// One value per row.
        case scalar(Value)
        /// One value per member of the to-many steps `levels`.
        case collection([Level], Value)
        /// `{a, b, …}` or a constant list.
        case list([Operand])
    }

    static func quote(_ name: String) -> String { ObjectGraph.quote(name) }

    private mutating func newAlias() -> String {
        aliasCount += 1
        return Self.quote("og_t\(aliasCount)")
    }

    // MARK: Predicates

    mutating func compile(_ predicate: FetchPredicate, scope: Scope) throws(PredicateSQLError) -> SQLPredicateFragment {
        switch predicate {
        case .constant(let value):
            return SQLPredicateFragment(sql: value ? "1" : "0")
        case .not(let inner):
            return "(" + (try compile(inner, scope: scope)) + ") IS NOT 1"
        case .and(let parts), .or(let parts):
            let isAnd = if case .and = predicate { true } else { false }
            if parts.isEmpty { return SQLPredicateFragment(sql: isAnd ? "1" : "0") }
            var compiled: [SQLPredicateFragment] = []
            for part in parts { compiled.append(try compile(part, scope: scope)) }
            return "(" + SQLPredicateFragment.joined(compiled, separator: isAnd ? " AND " : " OR ") + ")"
        case .comparison(let comparison):
            return try compile(comparison, scope: scope)
        }
    }

    private mutating func compile(
        _ comparison: PredicateComparison, scope: Scope
    ) throws(PredicateSQLError) -> SQLPredicateFragment {
        let lhs = try operand(comparison.lhs, scope: scope)
        let rhs = try operand(comparison.rhs, scope: scope)
        switch lhs {
        case .collection(let levels, let value):
            return quantify(
                levels, comparison.quantifier, try test(value, comparison.memberOperator, rhs, comparison.options))
        case .scalar(let value):
            return quantify([], comparison.quantifier, try test(value, comparison.op, rhs, comparison.options))
        case .list:
            throw .unsupported("a list on the left-hand side of \(comparison.op.rawValue)")
        }
    }

    /// Wraps a per-member test in the quantifier over `levels` (none: the value itself).
    private func quantify(
        _ levels: [Level], _ quantifier: PredicateComparison.Quantifier,
        _ body: SQLPredicateFragment
    ) -> SQLPredicateFragment {
        if levels.isEmpty {
            return quantifier == .none ? "(" + body + ") IS NOT 1" : body
        }
        let from = levels.map(\.from).joined(separator: ", ")
        let condition = levels.map(\.condition).joined(separator: " AND ")
        let head = "SELECT 1 FROM \(from) WHERE \(condition) AND "
        switch quantifier {
        case .direct, .any: return "EXISTS (" + head + "(" + body + "))"
        case .none: return "NOT EXISTS (" + head + "(" + body + "))"
        case .all: return "NOT EXISTS (" + head + "(" + body + ") IS NOT 1)"
        }
    }

    /// One left-hand value against the right-hand side.
    private mutating func test(
        _ left: Value, _ op: PredicateComparison.Operator, _ rhs: Operand,
        _ options: PredicateComparison.Options
    ) throws(PredicateSQLError) -> SQLPredicateFragment {
        let never = SQLPredicateFragment(sql: "0")
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .scalar(let right) = rhs else {
                if case .collection = rhs {
                    throw .unsupported(
                        "a to-many key path on the right-hand side of \(op.rawValue) (only IN takes one)")
                }
                throw .unsupported("a list on the right-hand side of \(op.rawValue)")
            }
            guard ValueKind.comparable(left.kind, right.kind) else {
                // Values of different kinds are never equal, but two nils are.
                let bothNil =
                    left.constant == nil && right.constant == nil
                    ? "(" + left.sql + ") IS NULL AND (" + right.sql + ") IS NULL" : SQLPredicateFragment(sql: "0")
                switch op {
                case .equal: return "(" + bothNil + ")"
                case .notEqual: return "(" + bothNil + ") IS NOT 1"
                default: return never
                }
            }
            let l = folded(left, options), r = folded(right, options)
            let isOrdering = op != .equal && op != .notEqual
            if isOrdering, left.kind == .object || right.kind == .object { return never }  // objects have no order
            switch op {
            case .equal:
                if right.constant == .null { return "(" + l + ") IS NULL" }
                if left.constant == .null { return "(" + r + ") IS NULL" }
                return l + (left.constant != nil || right.constant != nil ? " = " : " IS ") + r
            case .notEqual:
                return l + " IS NOT " + r
            default:
                return l + " \(op.rawValue) " + r
            }
        case .between:
            guard case .list(let bounds) = rhs, bounds.count == 2,
                case .scalar(let low) = bounds[0], case .scalar(let high) = bounds[1]
            else {
                throw .unsupported("BETWEEN needs two single bounds")
            }
            guard ValueKind.comparable(left.kind, low.kind), ValueKind.comparable(left.kind, high.kind),
                left.kind != .object
            else { return never }
            return folded(left, options) + " BETWEEN " + folded(low, options) + " AND " + folded(high, options)
        case .in:
            switch rhs {
            case .list(let items):
                var members: [SQLPredicateFragment] = []
                var hasNull = false
                for item in items {
                    guard case .scalar(let value) = item else { throw .unsupported("IN lists must hold single values") }
                    if value.constant == .null {
                        hasNull = true
                    } else if ValueKind.comparable(left.kind, value.kind) {
                        members.append(folded(value, options))
                    }
                }
                let l = folded(left, options)
                var result =
                    members.isEmpty ? never : l + " IN (" + SQLPredicateFragment.joined(members, separator: ", ") + ")"
                if hasNull { result = "(" + result + " OR (" + l + ") IS NULL)" }
                return result
            case .collection(let levels, let value):
                guard ValueKind.comparable(left.kind, value.kind) else { return never }
                return quantify(levels, .any, folded(left, options) + " IS " + folded(value, options))
            case .scalar(let right):
                guard ValueKind.comparable(left.kind, right.kind) else { return never }
                return folded(left, options) + " IS " + folded(right, options)
            }
        case .beginsWith, .endsWith, .contains, .like, .matches:
            guard case .scalar(let right) = rhs else {
                throw .unsupported("\(op.rawValue) needs a single string on its right-hand side")
            }
            if op == .matches, let pattern = right.constant?.textValue {
                do { _ = try RegularExpressionCache.shared.expression(for: pattern, options: options) } catch {
                    throw .invalidRegularExpression(pattern)
                }
            }
            if options.isEmpty, left.kind == .text, right.kind == .text {
                // Plain text against text: SQLite's own byte-wise operators agree with
                // memory, and a prefix range can use an index.
                if op == .contains { return "instr(" + left.sql + ", " + right.sql + ") > 0" }
                if op == .beginsWith {
                    return "(" + left.sql + " >= " + right.sql + " AND " + left.sql + " < " + right.sql + " || x'FF')"
                }
            }
            let function = PredicateSQLFunctions.functionName(for: op)
            return "\(function)(" + left.sql + ", " + right.sql + ", \(options.rawValue))"
        }
    }

    /// `value` folded for `[c]`/`[d]`: a constant string is folded here and bound folded,
    /// anything else goes through `og_fold` (which leaves non-text values alone).
    private func folded(_ value: Value, _ options: PredicateComparison.Options) -> SQLPredicateFragment {
        if options.isEmpty || value.kind == .number || value.kind == .blob || value.kind == .object { return value.sql }
        if let constant = value.constant {
            guard let text = constant.textValue else { return value.sql }
            return SQLPredicateFragment(sql: "?", bindings: [.string(PredicateTextMatching.fold(text, options))])
        }
        return "og_fold(" + value.sql + ", \(options.rawValue))"
    }

    // MARK: Expressions

    private mutating func operand(_ expression: FetchExpression, scope: Scope) throws(PredicateSQLError) -> Operand {
        switch expression {
        case .constant(.array(let items)):
            var operands: [Operand] = []
            for item in items { operands.append(try constant(item)) }
            return .list(operands)
        case .constant(let value):
            return try constant(value)
        case .variable(let name):
            throw .unresolvedVariable(name)
        case .aggregate(let items):
            var operands: [Operand] = []
            for item in items { operands.append(try operand(item, scope: scope)) }
            return .list(operands)
        case .keyPath(let path):
            let resolved = try resolve(path, scope: scope)
            let value = Value(sql: resolved.value, kind: resolved.kind)
            return resolved.levels.isEmpty ? .scalar(value) : .collection(resolved.levels, value)
        case .subquery(let collection, let variable, let predicate, let count):
            guard count else { throw .unsupported("SUBQUERY without .@count") }
            let resolved = try resolve(collection, scope: scope)
            guard let member = resolved.member, !resolved.levels.isEmpty else {
                throw .unsupported(
                    "SUBQUERY over '\(collection.joined(separator: "."))', which is not a to-many relationship")
            }
            var inner = scope
            inner.members[variable] = member
            let condition = try compile(predicate, scope: inner)
            let from = resolved.levels.map(\.from).joined(separator: ", ")
            let links = resolved.levels.map(\.condition).joined(separator: " AND ")
            let sql = "(SELECT COUNT(*) FROM \(from) WHERE \(links) AND (" + condition + "))"
            return .scalar(Value(sql: sql, kind: .number))
        }
    }

    private func constant(_ value: PredicateValue) throws(PredicateSQLError) -> Operand {
        switch value {
        case .object(let id) where id.isTemporaryID: throw .temporaryObject(id)
        case .array: throw .unsupported("a list inside a list")
        default:
            return .scalar(
                Value(sql: SQLPredicateFragment(sql: "?", bindings: [value]), constant: value, kind: ValueKind(value)))
        }
    }

    /// A key path: the to-many levels it crosses, its value per member, and (when it ends
    /// on an object) that object.
    struct ResolvedPath {
        var levels: [Level]
        var value: SQLPredicateFragment
        var kind: ValueKind
        var member: Cursor?
    }

    mutating func resolve(_ path: [String], scope: Scope) throws(PredicateSQLError) -> ResolvedPath {
        var cursor = scope.root
        var index = 0
        if let first = path.first, first.hasPrefix("$") {
            guard let member = scope.members[first] else { throw .unresolvedVariable(String(first.dropFirst())) }
            cursor = member
            index = 1
        }
        var levels: [Level] = []
        while index < path.count {
            let key = path[index]
            let isLast = index == path.count - 1
            let counts = index + 1 < path.count && path[index + 1] == "@count"
            if let attribute = cursor.mapping.attributes[key] {
                guard isLast else { throw .notARelationship(key, entity: cursor.entity) }
                return ResolvedPath(
                    levels: levels, value: SQLPredicateFragment(sql: column(attribute.column, of: cursor)),
                    kind: ValueKind(attribute.encoding))
            }
            guard let relationship = cursor.mapping.relationships[key] else {
                if key == "@count" { throw .unsupported("@count must follow a to-many relationship") }
                throw .unknownKey(key, entity: cursor.entity)
            }
            switch relationship {
            case .toOne(let destination, let foreignKeyColumn):
                if counts { throw .unsupported("@count of to-one relationship '\(key)'") }
                cursor = Cursor(
                    entity: destination, mapping: try mapping(destination),
                    key: column(foreignKeyColumn, of: cursor))
            case .toManyThroughForeignKey(let destination, _), .toManyThroughJoinTable(let destination, _, _, _):
                let target = try mapping(destination)
                let (level, row) = toManyLevel(relationship, from: cursor, to: target)
                if index + 1 < path.count, let aggregate = PredicateAggregate(rawValue: path[index + 1]) {
                    // `items.@sum.price` (see PredicateAggregate).
                    guard index + 3 == path.count, let attribute = target.attributes[path[index + 2]] else {
                        throw .unsupported("\(path[index + 1]) must precede one attribute of '\(key)'")
                    }
                    let sql =
                        "(SELECT \(aggregate.sql(of: "\(row).\(Self.quote(attribute.column))")) FROM \(level.from)"
                        + " WHERE \(level.condition))"
                    let kind = aggregate == .minimum || aggregate == .maximum ? ValueKind(attribute.encoding) : .number
                    return ResolvedPath(levels: levels, value: SQLPredicateFragment(sql: sql), kind: kind)
                }
                if counts {
                    guard index + 2 == path.count else { throw .unsupported("a key path going on after @count") }
                    let sql = "(SELECT COUNT(*) FROM \(level.from) WHERE \(level.condition))"
                    return ResolvedPath(levels: levels, value: SQLPredicateFragment(sql: sql), kind: .number)
                }
                levels.append(level)
                cursor = Cursor(entity: destination, mapping: target, row: row)
            }
            index += 1
        }
        return ResolvedPath(levels: levels, value: SQLPredicateFragment(sql: cursor.key), kind: .object, member: cursor)
    }

    private func mapping(_ entity: String) throws(PredicateSQLError) -> SQLEntityMapping {
        guard let mapping = schema.sqlMapping(forEntity: entity) else { throw .unknownEntity(entity) }
        return mapping
    }

    /// SQL for `column` of the object at `cursor`: the row's column, or a scalar subquery by key.
    private mutating func column(_ column: String, of cursor: Cursor) -> String {
        if let row = cursor.row { return row + "." + Self.quote(column) }
        let alias = newAlias()
        return "(SELECT \(alias).\(Self.quote(column)) FROM \(Self.quote(cursor.mapping.table)) AS \(alias)"
            + " WHERE \(alias).\(Self.quote(cursor.mapping.primaryKeyColumn)) = \(cursor.key))"
    }

    /// The FROM tables and link condition of one to-many step, and the destination row alias.
    private mutating func toManyLevel(
        _ relationship: SQLRelationshipMapping, from cursor: Cursor,
        to target: SQLEntityMapping
    ) -> (Level, String) {
        let row = newAlias()
        let entities =
            "\(row).\(Self.quote(target.entityColumn)) IN (\(target.entityNumbers.map(String.init).joined(separator: ", ")))"
        switch relationship {
        case .toManyThroughJoinTable(_, let table, let sourceColumn, let destinationColumn):
            let link = newAlias()
            let from = "\(Self.quote(table)) AS \(link), \(Self.quote(target.table)) AS \(row)"
            let condition =
                "\(link).\(Self.quote(sourceColumn)) = \(cursor.key)"
                + " AND \(row).\(Self.quote(target.primaryKeyColumn)) = \(link).\(Self.quote(destinationColumn)) AND \(entities)"
            return (Level(from: from, condition: condition), row)
        case .toManyThroughForeignKey(_, let foreignKeyColumn), .toOne(_, let foreignKeyColumn):
            let from = "\(Self.quote(target.table)) AS \(row)"
            let condition = "\(row).\(Self.quote(foreignKeyColumn)) = \(cursor.key) AND \(entities)"
            return (Level(from: from, condition: condition), row)
        }
    }
}
