import Foundation

/// A collection operator on a to-many key path, `items.@sum.price`: one value from the members'
/// values of one attribute, as NSExpression's `@sum`, `@avg`, `@min` and `@max` give it. Nil
/// values are left out, as SQL's aggregates leave out NULL; of no members, `@sum` is 0 and
/// the others are nil. (`@count` is handled with the relationship steps.)
enum PredicateAggregate: String, CaseIterable, Sendable {
    case sum = "@sum"
    case average = "@avg"
    case minimum = "@min"
    case maximum = "@max"

    /// The SQL aggregate over `column`, matching ``aggregate(_:)`` (see the type's documentation).
    func sql(of column: String) -> String {
        switch self {
        case .sum: "coalesce(sum(\(column)), 0)"
        case .average: "avg(\(column))"
        case .minimum: "min(\(column))"
        case .maximum: "max(\(column))"
        }
    }

    /// The aggregate of `values` (nil ones already left out).
    func aggregate(_ values: [PredicateValue]) -> PredicateValue {
        switch self {
        case .sum, .average:
            var integerSum: Int64 = 0, doubleSum = 0.0, allIntegers = true, count = 0
            for value in values {
                switch value {
                case .integer(let number):
                    integerSum &+= number
                    doubleSum += Double(number)
                case .double(let number):
                    allIntegers = false
                    doubleSum += number
                case .bool(let flag):
                    integerSum += flag ? 1 : 0
                    doubleSum += flag ? 1 : 0
                default:
                    continue
                }
                count += 1
            }
            if self == .sum { return allIntegers ? .integer(integerSum) : .double(doubleSum) }
            return count == 0 ? .null : .double(doubleSum / Double(count))
        case .minimum, .maximum:
            var best: PredicateValue?
            for value in values {
                guard let current = best else { best = value; continue }
                guard let order = value.order(comparedTo: current, options: []) else { continue }
                if (self == .minimum && order < 0) || (self == .maximum && order > 0) { best = value }
            }
            return best ?? .null
        }
    }
}
