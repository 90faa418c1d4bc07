/// Options that several commands share, included whole as one property:
///
/// ```swift
/// @OptionGroup var period: PeriodOptions
/// ```
///
/// The group's parameters appear where the property is declared, in the group's own order;
/// its ``ParsableArguments/validate()`` runs before the including command's.
@propertyWrapper
package struct OptionGroup<Group: ParsableArguments>: Sendable {
    /// The group, with its parameters' values.
    package let wrappedValue: Group

    /// Includes `Group`'s parameters.
    package init() {
        let place = ParameterRecorder.reserveGroup()
        wrappedValue = Group()
        if let place { place.recorder.include(wrappedValue, at: place.slot) }
    }
}
