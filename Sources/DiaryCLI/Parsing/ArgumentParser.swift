/// Matches the words of one command line against the parameters a command declares
/// and converts their values.
///
/// Rules: `--name value` and `--name=value` both set an option; `-x value` sets one with
/// a short name; `-abc` sets several short flags at once; `--` ends the options, so
/// every word after it is positional (`diary search -- --weird`); a lone `-` and
/// negative numbers are positional. A value may not look like an option: write
/// `--text=--x` for that. An option that takes one value is given at most once (twice is
/// a usage error naming it); repeating options and flags may recur. Positional words fill the required arguments first,
/// in order, then the optional ones, then the repeating one.
struct ArgumentParser {
    /// The parameters the command declares, its global options included.
    let parameters: [ParameterSpec]
    /// What value conversion may depend on (calendar, now, current directory).
    let context: ArgumentContext

    /// Parses the words after the command's name.
    /// - Throws: ``UsageError`` for any mistake; the first mistake wins.
    func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments(declaring: parameters, context: context)
        var positionalWords: [String] = []
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !Self.looksLikeOption(word) {
                positionalWords.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let spec = parameters.first(where: { !$0.isPositional && $0.name == name }) else {
                    throw .unknownOption("--" + name, suggestion: suggestion(for: "--" + name))
                }
                try take(spec, inlineValue: inlineValue, words: words, index: &index, into: &result)
            } else {
                try parseShortCluster(word, words: words, index: &index, into: &result)
            }
        }
        try assignPositionals(positionalWords, into: &result)
        return result
    }

    /// Whether a word is an option (or `--`) rather than a value: it starts with a
    /// dash, is longer than one character and is not a negative number.
    static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        return Double(word) == nil
    }

    /// `-x`, `-x value` or a cluster of short flags `-zj`.
    private func parseShortCluster(
        _ word: String, words: [String], index: inout Int,
        into result: inout ParsedArguments
    ) throws(UsageError) {
        let letters = Array(word.dropFirst())
        for (position, letter) in letters.enumerated() {
            guard let spec = parameters.first(where: { $0.shortName == letter }) else {
                let shown = letters.count == 1 ? word : "-\(letter)"
                throw .unknownOption(shown, suggestion: nil)
            }
            if case .flag = spec.kind {
                result.append(true, for: spec)
            } else if position == letters.count - 1 {
                try take(spec, inlineValue: nil, words: words, index: &index, into: &result)
            } else {
                // `-ofile` style: the rest of the cluster is the value.
                let rest = String(letters[(position + 1)...])
                try take(spec, inlineValue: rest, words: words, index: &index, into: &result)
                return
            }
        }
    }

    /// Records a flag, or the value of an option (inline or the next word).
    private func take(
        _ spec: ParameterSpec, inlineValue: String?, words: [String], index: inout Int,
        into result: inout ParsedArguments
    ) throws(UsageError) {
        if case .flag = spec.kind {
            guard inlineValue == nil else { throw .flagTakesNoValue(spec.display) }
            result.append(true, for: spec)
            return
        }
        let text: String
        if let inlineValue {
            text = inlineValue
        } else if index < words.count, !Self.looksLikeOption(words[index]) {
            text = words[index]
            index += 1
        } else {
            throw .missingValue(spec.display)
        }
        if spec.kind == .option(repeating: false) && result.contains(spec) {
            throw .repeatedOption(spec.display)
        }
        result.append(try convert(text, for: spec), for: spec)
    }

    private func convert(_ text: String, for spec: ParameterSpec) throws(UsageError) -> any Sendable {
        guard let value = spec.convert(text, context) else {
            if let refusal = spec.refusal(text, spec.longName) { throw .invalid(refusal) }
            let hint =
                spec.explain(text, context)
                ?? (spec.acceptedForms.isEmpty
                    ? nil : "Accepted forms: " + spec.acceptedForms.joined(separator: ", ") + ".")
            throw .invalidValue(text, for: spec.display, hint: hint)
        }
        return value
    }

    /// Hands the positional words to the positional parameters in declaration order:
    /// an optional one takes a word only when enough are left for the required ones
    /// (a repeating one that needs at least one counts as required); the repeating one
    /// takes the rest.
    private func assignPositionals(_ words: [String], into result: inout ParsedArguments) throws(UsageError) {
        let positionals = parameters.filter(\.isPositional)
        let requiredCount = positionals.filter {
            $0.kind == .positional(.required) || $0.kind == .positional(.repeating(atLeastOne: true))
        }.count
        var spareForOptional = max(0, words.count - requiredCount)
        var remaining = words[...]
        for spec in positionals {
            guard case .positional(let arity) = spec.kind else { continue }
            switch arity {
            case .required:
                guard let word = remaining.popFirst() else { throw .missingArgument(spec.display) }
                result.append(try convert(word, for: spec), for: spec)
            case .optional:
                guard spareForOptional > 0, let word = remaining.popFirst() else { continue }
                spareForOptional -= 1
                result.append(try convert(word, for: spec), for: spec)
            case .repeating(let atLeastOne):
                if atLeastOne && remaining.isEmpty { throw .missingArgument(spec.display) }
                while let word = remaining.popFirst() {
                    result.append(try convert(word, for: spec), for: spec)
                }
            }
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra) }
    }

    private func suggestion(for name: String) -> String? {
        EditDistance.suggestion(for: name, among: parameters.filter { !$0.isPositional }.map(\.longName))
    }
}
