import DiaryKit
import Foundation

/// `diary config list | get KEY | set KEY VALUE | unset KEY`: settings that follow the user.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "config", abstract: "Show or change settings; synced ones follow you to every device.",
        discussion: """
            'diary config list' shows every setting set, 'get KEY' one value, 'set KEY VALUE' \
            sets one, 'unset KEY' removes it. Settings live in the diary and sync with \
            'diary sync' (the device that set a key last wins); one changed on another device \
            is said once by the next command here. --local keeps a value on this device only \
            (the editor is kept so unless set with --synced). The keys: \
            \(DiarySettingKey.allCases.map { "\($0.rawValue), \($0.summary)" }.joined(separator: "; ")).
            """)

    @RepeatingArgument(
        "action", valueName: "action", atLeastOne: true,
        help: "list, get KEY, set KEY VALUE or unset KEY.")
    var words: [String]
    @Flag("local", help: "With set: keep the value on this device only.")
    var local: Bool
    @Flag("synced", help: "With set: sync the value even for a key kept on one device by default.")
    var synced: Bool

    func validate() throws(UsageError) {
        let arity = ["list": 1, "get": 2, "set": 3, "unset": 2]
        guard let action = words.first, let count = arity[action] else {
            throw .invalid("unknown config action '\(words.first ?? "")'; use list, get, set or unset")
        }
        guard words.count == count else {
            throw .invalid(
                action == "set"
                    ? "'config set' takes a key and a value"
                    : action == "list"
                        ? "'config list' takes nothing more" : "'config \(action)' takes a key")
        }
        if (local || synced) && action != "set" { throw .invalid("--local and --synced go with 'config set'") }
        if local && synced { throw .invalid("--local and --synced cannot both be given") }
    }

    func run(in context: CommandContext) throws {
        let escaper = context.terminal.outputEscaper
        switch words[0] {
        case "list":
            let diary = try context.openDiary(.reading, forReading: true)
            for setting in try diary.settings() {
                context.writeLine(
                    "\(escaper.escaped(setting.key)) = \(escaper.escaped(setting.value))"
                        + (setting.isLocal ? "  (this device only)" : ""))
            }
        case "get":
            let key = try DiarySettingKey.named(words[1])
            let diary = try context.openDiary(.reading, forReading: true)
            guard let value = try diary.setting(key) else {
                throw CommandFailure("\(key.rawValue) is not set", exitCode: .noInput)
            }
            context.writeLine(escaper.escaped(value))
        case "set":
            let key = try DiarySettingKey.named(words[1])
            let diary = try context.openDiary(.creating)
            try diary.setSetting(key, to: words[2], local: local ? true : synced ? false : nil)
        default:
            let key = try DiarySettingKey.named(words[1])
            let diary = try context.openDiary(.updating)
            try diary.unsetSetting(key)
        }
    }
}
