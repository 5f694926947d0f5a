import Foundation

/// `archlint rules`, `archlint explain`, `archlint init`: documentation rendered from the
/// rule descriptions, so it never drifts from the code.
public enum InfoCommands {
    public static func listRules(_ rules: [any Rule.Type], output: OutputStreams) -> Int32 {
        output.write(rulesTable(CommandLineTool.descriptions(of: rules)))
        return 0
    }

    public static func rulesTable(_ descriptions: [RuleDescription]) -> String {
        let idWidth = max(2, descriptions.map(\.id.count).max() ?? 0)
        var out = pad("RULE", idWidth) + "  " + pad("ARCANA", 8) + "  " + pad("ARC-LABS", 8) + "  SUMMARY\n"
        for description in descriptions {
            let arcana = description.defaultSeverity["arcana"]?.rawValue ?? "off"
            let arcLabs = description.defaultSeverity["arc-labs"]?.rawValue ?? "off"
            out += pad(description.id, idWidth) + "  " + pad(arcana, 8) + "  " + pad(arcLabs, 8) + "  " + description.summary + "\n"
        }
        return out
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    public static func explain(_ arguments: [String], rules: [any Rule.Type], output: OutputStreams) -> Int32 {
        let descriptions = CommandLineTool.descriptions(of: rules)
        guard arguments.count == 1, let id = arguments.first else {
            output.writeError("error: 'archlint explain' takes one rule id: archlint explain RULE-ID\n")
            return 2
        }
        guard let description = descriptions.first(where: { $0.id == id }) else {
            let hint = ConfigurationLoader.suggestion(id, among: descriptions.map(\.id))
            output.writeError("error: unknown rule id '\(id)'\(hint); `archlint rules` lists them\n")
            return 2
        }
        output.write(explanation(description))
        return 0
    }

    public static func explanation(_ description: RuleDescription) -> String {
        var out = "\(description.id): \(description.name)\n\n\(description.summary)\n\n\(description.rationale)\n\n"
        out += "Default severity: " + Profiles.names.map { "\($0) \(description.defaultSeverity[$0]?.rawValue ?? "off")" }.joined(separator: ", ") + "\n"
        if !description.options.isEmpty {
            out += "\nOptions:\n"
            for option in description.options {
                out += "  \(option.name) (\(option.type.schemaDescription), default \(Profiles.defaultText(of: option, rule: description.id))): \(option.summary)\n"
            }
        }
        func render(_ title: String, _ examples: [RuleExample]) {
            guard !examples.isEmpty else { return }
            out += "\n\(title):\n"
            for (number, example) in examples.enumerated() {
                out += "\n  Example \(number + 1)" + (example.profile != Profiles.defaultName ? " (profile \(example.profile))" : "") + (example.note.map { ": \($0)" } ?? "") + "\n"
                for file in example.files {
                    out += "  // \(file.path)\n"
                    for line in file.source.split(separator: "\n", omittingEmptySubsequences: false) {
                        out += "    \(line)\n"
                    }
                }
            }
        }
        render("Triggering examples (↓ marks each finding)", description.triggeringExamples)
        render("Non-triggering examples", description.nonTriggeringExamples)
        return out
    }

    public static func initialize(_ arguments: [String], rules: [any Rule.Type], output: OutputStreams) -> Int32 {
        var profile = Profiles.defaultName
        var toStandardOutput = false
        var force = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case _ where argument == "--profile" || argument.hasPrefix("--profile="):
                // `--profile NAME` or `--profile=NAME`, as `lint` takes it.
                let name: String?
                if argument == "--profile" {
                    name = index + 1 < arguments.count ? arguments[index + 1] : nil
                    index += 1
                } else {
                    name = String(argument.dropFirst("--profile=".count))
                }
                guard let name, Profiles.names.contains(name) else {
                    output.writeError("error: --profile needs one of: \(Profiles.names.joined(separator: ", "))\n")
                    return 2
                }
                profile = name
            case "--stdout": toStandardOutput = true
            case "--force": force = true
            default:
                output.writeError("error: unknown argument '\(arguments[index])' for 'archlint init'\n")
                return 2
            }
            index += 1
        }
        let text = Profiles.starterConfiguration(profile, rules: CommandLineTool.descriptions(of: rules))!
        if toStandardOutput {
            output.write(text)
            return 0
        }
        let path = FileManager.default.currentDirectoryPath + "/" + ConfigurationLoader.fileName
        // A symbolic link counts as there even when it leads nowhere (`lstat`, not `stat`).
        var status = stat()
        if lstat(path, &status) == 0, !force {
            output.writeError("error: \(ConfigurationLoader.fileName) already exists; use --force to overwrite it or --stdout to print the starter configuration\n")
            return 2
        }
        do {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch {
            output.writeError("error: cannot write \(path): \(error.localizedDescription)\n")
            return 2
        }
        output.write("Wrote \(ConfigurationLoader.fileName) (profile \(profile)). Run `archlint` to lint.\n")
        return 0
    }
}
