import Foundation

extension FetchPredicate {
    /// Whether `subject` satisfies the predicate, with Core Data's in-memory semantics
    /// (the same objects as the SQL compiler's fragment selects).
    ///
    /// `$NAME` variables not yet substituted are looked up in `variables` (without the dollar).
    /// - Throws: ``PredicateEvaluationError`` for unknown keys, unresolved variables, invalid
    ///   regular expressions and unsupported constructs.
    public func evaluate(
        with subject: any PredicateSubject,
        variables: [String: PredicateValue] = [:]
    ) throws(PredicateEvaluationError) -> Bool {
        try PredicateEvaluator(root: subject, variables: variables).evaluate(self)
    }
}

extension FetchExpression {
    /// The expression's value on `subject`, with the in-memory semantics of predicates: one
    /// value, or for a to-many key path an array of the members' values. What a derived
    /// attribute stores.
    /// - Throws: ``PredicateEvaluationError`` for unknown keys and unsupported constructs.
    func value(with subject: any PredicateSubject) throws(PredicateEvaluationError) -> PredicateValue {
        try PredicateEvaluator(root: subject, variables: [:]).value(of: self)
    }
}

/// Evaluates a predicate tree against one object graph in memory.
private struct PredicateEvaluator {
    let root: any PredicateSubject
    let variables: [String: PredicateValue]
    /// The members bound to the variables of the enclosing `SUBQUERY`s (`$m`).
    var members: [String: any PredicateSubject] = [:]

    init(root: any PredicateSubject, variables: [String: PredicateValue]) {
        self.root = root
        self.variables = variables
    }

    /// An expression's value: one value, or the values of a to-many key path.
    struct Operand {
        var values: [PredicateValue]
        var isCollection: Bool
        static func single(_ value: PredicateValue) -> Operand { Operand(values: [value], isCollection: false) }
        var first: PredicateValue { values.first ?? .null }
    }

    func evaluate(_ predicate: FetchPredicate) throws(PredicateEvaluationError) -> Bool {
        switch predicate {
        case .constant(let value):
            return value
        case .not(let inner):
            return try !evaluate(inner)
        case .and(let parts):
            for part in parts where try !evaluate(part) { return false }
            return true
        case .or(let parts):
            for part in parts where try evaluate(part) { return true }
            return false
        case .comparison(let comparison):
            return try evaluate(comparison)
        }
    }

    private func evaluate(_ comparison: PredicateComparison) throws(PredicateEvaluationError) -> Bool {
        let lhs = try operand(comparison.lhs)
        let rhsOperand = try operand(comparison.rhs)
        let rhs: PredicateValue
        if rhsOperand.isCollection {
            guard comparison.op == .in else {
                throw .unsupported(
                    "a to-many key path on the right-hand side of \(comparison.op.rawValue) (only IN takes one)")
            }
            rhs = .array(rhsOperand.values)
        } else {
            rhs = rhsOperand.first
        }
        let op = lhs.isCollection ? comparison.memberOperator : comparison.op
        func test(_ value: PredicateValue) throws(PredicateEvaluationError) -> Bool {
            try Self.compare(value, op, rhs, comparison.options)
        }
        func anySatisfies() throws(PredicateEvaluationError) -> Bool {
            for value in lhs.values where try test(value) { return true }
            return false
        }
        switch comparison.quantifier {
        case .direct: return lhs.isCollection ? try anySatisfies() : try test(lhs.first)
        case .any: return try anySatisfies()
        case .none: return try !anySatisfies()
        case .all:
            for value in lhs.values where try !test(value) { return false }
            return true
        }
    }

    /// Applies one operator to one left-hand value.
    static func compare(
        _ lhs: PredicateValue, _ op: PredicateComparison.Operator, _ rhs: PredicateValue,
        _ options: PredicateComparison.Options
    ) throws(PredicateEvaluationError) -> Bool {
        switch op {
        case .equal: return lhs.isEqual(to: rhs, options: options)
        case .notEqual: return !lhs.isEqual(to: rhs, options: options)
        case .less: return lhs.order(comparedTo: rhs, options: options).map { $0 < 0 } ?? false
        case .lessOrEqual: return lhs.order(comparedTo: rhs, options: options).map { $0 <= 0 } ?? false
        case .greater: return lhs.order(comparedTo: rhs, options: options).map { $0 > 0 } ?? false
        case .greaterOrEqual: return lhs.order(comparedTo: rhs, options: options).map { $0 >= 0 } ?? false
        case .between:
            guard case .array(let bounds) = rhs, bounds.count == 2 else {
                throw .unsupported("BETWEEN needs two bounds, got \(rhs.predicateFormat)")
            }
            guard let low = lhs.order(comparedTo: bounds[0], options: options),
                let high = lhs.order(comparedTo: bounds[1], options: options)
            else { return false }
            return low >= 0 && high <= 0
        case .in:
            if case .array(let items) = rhs { return items.contains { lhs.isEqual(to: $0, options: options) } }
            return lhs.isEqual(to: rhs, options: options)
        case .beginsWith, .endsWith, .contains, .like, .matches:
            guard let text = lhs.textValue, let operand = rhs.textValue else { return false }
            return try PredicateTextMatching.test(op, text, operand, options)
        }
    }

    /// `expression`'s value: one value, or an array for a collection.
    func value(of expression: FetchExpression) throws(PredicateEvaluationError) -> PredicateValue {
        let result = try operand(expression)
        return result.isCollection ? .array(result.values) : result.first
    }

    private func operand(_ expression: FetchExpression) throws(PredicateEvaluationError) -> Operand {
        switch expression {
        case .constant(let value):
            return .single(value)
        case .variable(let name):
            guard let value = variables[name] else { throw .unresolvedVariable(name) }
            return .single(value)
        case .aggregate(let items):
            var values: [PredicateValue] = []
            for item in items {
                let itemOperand = try operand(item)
                values.append(itemOperand.isCollection ? .array(itemOperand.values) : itemOperand.first)
            }
            return .single(.array(values))
        case .keyPath(let path):
            return try resolve(path)
        case .subquery(let collection, let variable, let predicate, let count):
            let collectionItems = try walk(collection)
            var inner = self
            var matching: [PredicateValue] = []
            for case .object(let member?) in collectionItems.items {
                inner.members[variable] = member
                if try inner.evaluate(predicate) { matching.append(Self.value(of: member)) }
            }
            return count ? .single(.integer(Int64(matching.count))) : Operand(values: matching, isCollection: true)
        }
    }

    /// A step's result along a key path: an object (nil for an unset to-one) or a value.
    private enum Item {
        case object((any PredicateSubject)?)
        case value(PredicateValue)
    }

    private static func value(of object: (any PredicateSubject)?) -> PredicateValue {
        object?.predicateObjectID.map(PredicateValue.object) ?? .null
    }

    private func resolve(_ path: [String]) throws(PredicateEvaluationError) -> Operand {
        // Fast path for the common one-attribute key path.
        if path.count == 1, !path[0].hasPrefix("$"), path[0] != "@count",
            case .value(let value) = root.predicateProperty(named: path[0])
        {
            return .single(value)
        }
        let walked = try walk(path)
        let values = walked.items.map { item -> PredicateValue in
            switch item {
            case .object(let object): return Self.value(of: object)
            case .value(let value): return value
            }
        }
        return Operand(values: values, isCollection: walked.isCollection)
    }

    /// Follows `path` from the evaluated object (or a subquery member for `$m.…`),
    /// flattening to-many steps; an unset to-one gives nil all the way down.
    private func walk(_ path: [String]) throws(PredicateEvaluationError) -> (items: [Item], isCollection: Bool) {
        var keyPath: String { path.joined(separator: ".") }  // for messages only
        var items: [Item] = [.object(root)]
        var index = 0
        if let first = path.first, first.hasPrefix("$") {
            guard let member = members[first] else { throw .unresolvedVariable(String(first.dropFirst())) }
            items = [.object(member)]
            index = 1
        }
        var isCollection = false
        while index < path.count {
            let key = path[index]
            if key == "@count" { throw .unsupported("@count must follow a to-many relationship in '\(keyPath)'") }
            if let aggregate = PredicateAggregate(rawValue: key) {
                // `items.@sum.price`: one value of the members' attribute values (see PredicateAggregate).
                guard isCollection, index + 2 == path.count else {
                    throw .unsupported(
                        "\(key) must follow a to-many relationship and precede one attribute in '\(keyPath)'")
                }
                var values: [PredicateValue] = []
                for item in items {
                    guard case .object(let member?) = item else { continue }
                    switch member.predicateProperty(named: path[index + 1]) {
                    case .value(let value): if value != .null { values.append(value) }
                    case .unknown: throw .unknownKey(path[index + 1], keyPath: keyPath)
                    case .object, .objects:
                        throw .unsupported("\(key) of relationship '\(path[index + 1])' in '\(keyPath)'")
                    }
                }
                return ([.value(aggregate.aggregate(values))], false)
            }
            let counts = index + 1 < path.count && path[index + 1] == "@count"
            var next: [Item] = []
            for item in items {
                guard case .object(let holder) = item else {
                    throw .notARelationship(path[index - 1], keyPath: keyPath)
                }
                guard let holder else {
                    next.append(counts ? .value(.integer(0)) : .object(nil))
                    continue
                }
                switch holder.predicateProperty(named: key) {
                case .value(let value):
                    if counts { throw .unsupported("@count of attribute '\(key)' in '\(keyPath)'") }
                    next.append(.value(value))
                case .object(let target):
                    if counts { throw .unsupported("@count of to-one relationship '\(key)' in '\(keyPath)'") }
                    let rest = Array(path[(index + 1)...])
                    if target == nil, !rest.isEmpty, holder.predicateKeyPath(rest, isToManyFromDestinationOf: key) {
                        isCollection = true  // no members rather than one nil, as SQL sees it
                    } else {
                        next.append(.object(target))
                    }
                case .objects(let targets):
                    if counts {
                        next.append(.value(.integer(Int64(targets.count))))
                    } else {
                        isCollection = true
                        next.append(contentsOf: targets.map { Item.object($0) })
                    }
                case .unknown:
                    throw .unknownKey(key, keyPath: keyPath)
                }
            }
            items = next
            index += counts ? 2 : 1
        }
        return (items, isCollection)
    }
}
