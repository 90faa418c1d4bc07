import Foundation

extension ManagedObjectContext {
    /// Every problem of every changed object: the model's rules, wrongly typed values,
    /// deny rules of deleted objects, and whatever the objects' own `validateFor…` hooks throw.
    func validationProblems() -> [ValidationProblem] {
        // The rules are checked here once; a hook calling super does not check them again.
        checksModelRules = true
        defer { checksModelRules = false }
        var problems: [ValidationProblem] = []
        for object in insertedList where object.isInserted {
            validateProperties(of: object, into: &problems)
            collect(&problems, from: object) { try $0.validateForInsert() }
        }
        for object in updated where !object.isDeleted {
            validateProperties(of: object, into: &problems)
            collect(&problems, from: object) { try $0.validateForUpdate() }
        }
        for object in deleted {
            problems += object.denyRuleProblems()
            collect(&problems, from: object) { try $0.validateForDelete() }
        }
        return problems
    }

    private func collect(
        _ problems: inout [ValidationProblem], from object: ManagedObject,
        _ hook: (ManagedObject) throws -> Void
    ) {
        do {
            try hook(object)
        } catch let problem as ValidationProblem {
            problems.append(problem)
        } catch let error as ValidationError {
            problems.append(contentsOf: error.problems)
        } catch {
            problems.append(object.problem(key: nil, String(describing: error)))
        }
    }

    /// The model's rules for one object's attributes and relationships.
    func validateProperties(of object: ManagedObject, into problems: inout [ValidationProblem]) {
        if !object.typeProblems.isEmpty {
            for (key, rule) in object.typeProblems.sorted(by: { $0.key < $1.key }) {
                problems.append(object.problem(key: key, rule))
            }
        }
        let entity = object.entity
        if entity.isAbstract { problems.append(object.problem(key: nil, "entity '\(entity.name)' is abstract")) }
        for index in entity.validatedAttributeIndexes where index < object.values.count {
            if let rule = violatedRule(of: entity.allAttributes[index], value: object.values[index]) {
                problems.append(object.problem(key: entity.attributeNames[index], rule))
            }
        }
        for (index, relationship) in entity.allRelationships.enumerated() {
            if relationship.isToMany {
                guard relationship.minCount != nil || relationship.maxCount != nil || !relationship.isOptional else {
                    continue
                }
                let count = object.members(at: index).count
                if count == 0 && !relationship.isOptional {
                    problems.append(object.problem(key: relationship.name, "is required (at least one object)"))
                } else if let minimum = relationship.minCount, count > 0 || !relationship.isOptional, count < minimum {
                    problems.append(
                        object.problem(key: relationship.name, "must have at least \(minimum) object(s), has \(count)"))
                }
                if let maximum = relationship.maxCount, count > maximum {
                    problems.append(
                        object.problem(key: relationship.name, "must have at most \(maximum) object(s), has \(count)"))
                }
            } else if !relationship.isOptional && object.destination(at: index) == nil {
                problems.append(object.problem(key: relationship.name, "is required"))
            }
        }
    }

    /// The first rule `value` breaks, in words, or nil.
    func violatedRule(of attribute: AttributeDescription, value: StoredValue) -> String? {
        switch value {
        case .null:
            return attribute.isOptional ? nil : "is required"
        case .integer(let number):
            return numericRule(of: attribute, Double(number))
        case .double(let number):
            return numericRule(of: attribute, number)
        case .date(let date):
            if let minimum = attribute.minDate, date < minimum { return "must be on or after \(minimum)" }
            if let maximum = attribute.maxDate, date > maximum { return "must be on or before \(maximum)" }
            return nil
        case .string(let text):
            guard attribute.minLength != nil || attribute.maxLength != nil || attribute.pattern != nil else {
                return nil
            }
            let length = text.count
            if let minimum = attribute.minLength, length < minimum {
                return "must be at least \(minimum) characters long"
            }
            if let maximum = attribute.maxLength, length > maximum {
                return "must be at most \(maximum) characters long"
            }
            if let pattern = attribute.pattern,
                let expression = RegularExpressionCache.shared.expression(compilingAsWritten: pattern)
            {
                let whole = NSRange(text.startIndex..., in: text)
                let match = expression.firstMatch(in: text, options: [.anchored], range: whole)
                if match?.range != whole { return "must match the pattern \(pattern)" }
            }
            return nil
        default:
            return nil
        }
    }

    private func numericRule(of attribute: AttributeDescription, _ number: Double) -> String? {
        if let minimum = attribute.minValue, number < minimum { return "must be at least \(Self.format(minimum))" }
        if let maximum = attribute.maxValue, number > maximum { return "must be at most \(Self.format(maximum))" }
        return nil
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
