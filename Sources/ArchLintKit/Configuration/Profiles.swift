/// The built-in profiles (DESIGN §4), compiled into the binary. Each is also a complete,
/// commented configuration file: `archlint init --profile NAME` prints it, and loading
/// it gives exactly the profile.
public enum Profiles {
    public static let names = ["arcana", "arc-labs"]
    public static let defaultName = "arcana"

    public static let schemaURL = "https://raw.githubusercontent.com/archlint/archlint/main/archlint.schema.json"

    /// Rule options a profile sets on top of the rules' own defaults.
    static let ruleSettings: [String: [String: RuleSettings]] = [
        "arcana": [
            "blanket-main-actor": RuleSettings(options: ["layers": .strings(["Domain"]), "noMainActorAtAll": .strings([])]),
        ],
        "arc-labs": [
            // An empty `layers` list means every layer.
            "blanket-main-actor": RuleSettings(options: ["layers": .strings([]), "noMainActorAtAll": .strings(["Domain", "Data"])]),
        ],
    ]

    /// What an option is worth when a configuration does not set it: "[]", or, where the
    /// profiles set it differently, each profile's value ("arcana ["Domain"], arc-labs []").
    static func defaultText(of option: RuleOption, rule id: String) -> String {
        let values = names.map { ruleSettings[$0]?[id]?.options[option.name] ?? option.defaultValue }
        if values.allSatisfy({ $0 == values[0] }) { return values[0].description }
        return zip(names, values).map { "\($0) \($1)" }.joined(separator: ", ")
    }

    static let forbiddenInDomain = ["SwiftUI", "UIKit", "AppKit", "SwiftData", "Combine"]

    /// The layers of each profile.
    static let layers: [String: [Layer]] = [
        "arcana": [
            Layer(name: "Presentation", paths: globs(["Presentation/", "ArcanaPresentation/"]), modules: ["ArcanaPresentation"], mayDependOn: ["Domain", "Core"]),
            Layer(name: "Domain", paths: globs(["Domain/", "ArcanaDomain/"]), modules: ["ArcanaDomain"], mayDependOn: ["Core"], forbiddenImports: forbiddenInDomain),
            Layer(name: "Data", paths: globs(["Data/", "ArcanaData/"]), modules: ["ArcanaData"], mayDependOn: ["Domain", "Core"]),
            Layer(name: "Core", paths: globs(["Core/", "ArcanaCore/"]), modules: ["ArcanaCore"], mayDependOn: []),
            Layer(name: "CompositionRoot", paths: globs(["Infrastructure/", "DI/", "*App.swift", "AppEntry.swift"]), mayDependOn: ["*"]),
        ],
        "arc-labs": [
            Layer(name: "Presentation", paths: globs(["Presentation/"]), mayDependOn: ["Domain"]),
            Layer(name: "Domain", paths: globs(["Domain/"]), mayDependOn: [], forbiddenImports: forbiddenInDomain),
            Layer(name: "Data", paths: globs(["Data/"]), mayDependOn: ["Domain"]),
            Layer(name: "CompositionRoot", paths: globs(["*App.swift", "AppDependencies.swift", "CompositionRoot/"]), mayDependOn: ["*"]),
        ],
    ]

    static func globs(_ patterns: [String]) -> [Glob] { patterns.map(Glob.init) }

    /// The configuration of a built-in profile, with no file behind it.
    public static func configuration(_ name: String) -> Configuration? {
        guard let layers = layers[name] else { return nil }
        return Configuration(profile: name, layers: layers)
    }

    /// A commented starter configuration restating the profile, for `archlint init`.
    public static func starterConfiguration(_ name: String, rules: [RuleDescription]) -> String? {
        guard let layers = layers[name] else { return nil }
        var lines: [String] = []
        lines.append("// archlint configuration (JSON with comments and trailing commas).")
        lines.append("// Starts from the built-in '\(name)' profile; every key below may be changed or removed.")
        lines.append("{")
        lines.append("  \"$schema\": \"\(schemaURL)\",")
        lines.append("  \"profile\": \"\(name)\",")
        lines.append("")
        lines.append("  // Globs on paths relative to this file's folder. A pattern without a leading '/' matches")
        lines.append("  // at any depth ('Domain/' is '**/Domain/**'). 'exclude' replaces the defaults below.")
        lines.append("  \"include\": [\"**/*.swift\"],")
        lines.append("  \"exclude\": [" + Configuration.defaultExcludePatterns.map(JSONText.quoted).joined(separator: ", ") + "],")
        lines.append("")
        lines.append("  // Layers: the first layer whose 'paths' match a file owns it. 'modules' are the module")
        lines.append("  // names that 'import' statements use for the layer. '*' in 'mayDependOn' allows every layer.")
        lines.append("  \"layers\": [")
        for (number, layer) in layers.enumerated() {
            var fields = ["\"name\": \(JSONText.quoted(layer.name))",
                          "\"paths\": [" + layer.paths.map { JSONText.quoted($0.pattern) }.joined(separator: ", ") + "]"]
            if !layer.modules.isEmpty { fields.append("\"modules\": [" + layer.modules.map(JSONText.quoted).joined(separator: ", ") + "]") }
            fields.append("\"mayDependOn\": [" + layer.mayDependOn.map(JSONText.quoted).joined(separator: ", ") + "]")
            if !layer.forbiddenImports.isEmpty {
                fields.append("\"forbiddenImports\": [" + layer.forbiddenImports.map(JSONText.quoted).joined(separator: ", ") + "]")
            }
            lines.append("    { " + fields.joined(separator: ", ") + " }" + (number < layers.count - 1 ? "," : ""))
        }
        lines.append("  ],")
        lines.append("")
        lines.append("  // Per rule: \"severity\" (error, warning, note, off) and options. `archlint explain RULE` documents each.")
        lines.append("  \"rules\": {")
        let configuration = Configuration(profile: name, layers: layers)
        for (number, rule) in rules.enumerated() {
            var fields = ["\"severity\": \"\(configuration.severity(of: rule).rawValue)\""]
            let options = configuration.options(of: rule)
            for option in rule.options {
                fields.append("\(JSONText.quoted(option.name)): \(options.values[option.name]?.description ?? option.defaultValue.description)")
            }
            lines.append("    // \(rule.summary)")
            lines.append("    \(JSONText.quoted(rule.id)): { " + fields.joined(separator: ", ") + " }" + (number < rules.count - 1 ? "," : ""))
        }
        lines.append("  },")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
