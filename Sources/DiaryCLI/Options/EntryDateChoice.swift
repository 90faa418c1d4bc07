/// The value of `--on` of `diary new` and `diary edit`: a date, or `photo` for the earliest
/// capture time of the entry's photos.
enum EntryDateChoice: ExpressibleByArgument, NotingArgument {
    /// A day or a moment, as every `--on` takes.
    case date(DateSpecifier)
    /// When the earliest of the entry's photos was taken (its camera's EXIF).
    case photo

    init?(argument: String, context: ArgumentContext) {
        if argument.lowercased() == "photo" {
            self = .photo
        } else if let date = DateSpecifier(argument: argument, context: context) {
            self = .date(date)
        } else {
            return nil
        }
    }

    static var acceptedForms: [String] { ["photo"] + DateSpecifier.acceptedForms }

    static func explanation(ofInvalid argument: String, context: ArgumentContext) -> String? {
        DateSpecifier.explanation(ofInvalid: argument, context: context)
    }

    var note: String? {
        if case .date(let date) = self { date.note } else { nil }
    }
}
