import Foundation

extension ManagedObject {
    /// The model's rules for this object's current values (what the base `validateForInsert()`
    /// and `validateForUpdate()` check). Nothing while a save checks them itself.
    /// - Throws: ``ValidationProblem`` for one problem, ``ValidationError`` for several.
    func validateModelRules() throws {
        guard let context = managedObjectContext, !context.checksModelRules else { return }
        fireFaultIfNeeded()
        var problems: [ValidationProblem] = []
        context.validateProperties(of: self, into: &problems)
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw ValidationError(problems) }
    }

    /// The deny rules this object breaks if deleted now (what the base `validateForDelete()`
    /// checks): a deny relationship that still holds objects not deleted themselves.
    /// Nothing while a save checks them itself.
    /// - Throws: ``ValidationProblem`` for one problem, ``ValidationError`` for several.
    func validateDenyRules() throws {
        guard let context = managedObjectContext, !context.checksModelRules else { return }
        fireFaultIfNeeded()
        let problems = denyRuleProblems()
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw ValidationError(problems) }
    }

    /// One problem per deny relationship that still holds objects not deleted themselves.
    func denyRuleProblems() -> [ValidationProblem] {
        entity.allRelationships.enumerated().compactMap { index, relationship in
            guard relationship.deleteRule == .deny else { return nil }
            let remaining = relatedObjects(at: index).filter { !$0.isDeleted }
            guard !remaining.isEmpty else { return nil }
            return problem(
                key: relationship.name,
                "cannot be deleted while '\(relationship.name)' still has \(remaining.count) object(s) (deny rule)")
        }
    }

    /// Checks `value` against the model's rules for `key` without setting it, as Core Data's
    /// `validateValue(_:forKey:)`: its type, whether it is required, lengths, ranges, patterns,
    /// relationship counts, and that a destination belongs to this object's context.
    /// - Throws: ``ValidationProblem`` naming `key` and the rule.
    public func validateValue(_ value: Any?, forKey key: String) throws {
        fireFaultIfNeeded()
        if let index = entity.attributeIndex(key) {
            let attribute = entity.allAttributes[index]
            let stored: StoredValue
            if let value {
                guard let converted = StoredValue(value, for: attribute.type) else {
                    throw problem(key: key, "expects a \(attribute.type.swiftTypeName), got a \(type(of: value))")
                }
                stored = converted
            } else {
                stored = .null
            }
            if let rule = managedObjectContext?.violatedRule(of: attribute, value: stored) {
                throw problem(key: key, rule)
            }
        } else if let index = entity.relationshipIndexes[key] {
            let relationship = entity.allRelationships[index]
            let destinations: Set<ManagedObject>
            if relationship.isToMany {
                guard let members = value == nil ? [] : Self.objectSet(value) else {
                    throw problem(
                        key: key, "expects a set of objects, got \(value.map { "a \(type(of: $0))" } ?? "nil")")
                }
                destinations = members
                let count = members.count
                if count == 0 && !relationship.isOptional {
                    throw problem(key: key, "is required (at least one object)")
                }
                if let minimum = relationship.minCount, count > 0 || !relationship.isOptional, count < minimum {
                    throw problem(key: key, "must have at least \(minimum) object(s), has \(count)")
                }
                if let maximum = relationship.maxCount, count > maximum {
                    throw problem(key: key, "must have at most \(maximum) object(s), has \(count)")
                }
            } else {
                guard value == nil || value is ManagedObject else {
                    throw problem(key: key, "expects an object, got \(value.map { "a \(type(of: $0))" } ?? "nil")")
                }
                if value == nil && !relationship.isOptional { throw problem(key: key, "is required") }
                destinations = (value as? ManagedObject).map { [$0] } ?? []
            }
            if let foreign = destinations.first(where: { $0.managedObjectContext !== managedObjectContext }) {
                throw problem(key: key, "cannot point at \(foreign.objectID), an object of another context")
            }
        } else {
            throw problem(key: key, "is not a property of \(entity.name)")
        }
    }
}
