import Foundation

/// A problem with a configuration file: names the file, the key path and what was expected.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// The key path (`layers[1].mayDependOn[0]`), empty for the file as a whole.
    public var key: String
    public var message: String

    public var description: String {
        key.isEmpty ? "\(file): \(message)" : "\(file): '\(key)': \(message)"
    }
}

/// A configuration problem that does not stop the run, in the same form: file, key, message.
public typealias ConfigurationWarning = ConfigurationError

/// All problems found in one configuration file.
public struct ConfigurationErrors: Error, Sendable {
    public var errors: [ConfigurationError]
}

/// Reads and validates `.archlint.json`. Validation is strict (DESIGN §4): unknown keys,
/// unknown rule ids, wrong types, bad globs and layers that depend on undefined layers
/// are all errors, and every error is reported, not just the first.
public enum ConfigurationLoader {
    public static let fileName = ".archlint.json"

    /// The nearest `.archlint.json` in `directory` or one of its ancestors; failing that,
    /// in the folder a symbolic link in `directory`'s path leads to or one of its ancestors
    /// (`archlint Linked/App` finds the configuration that `cd Linked/App; archlint` finds).
    public static func discover(from directory: String) -> String? {
        let given = URL(fileURLWithPath: directory).standardizedFileURL
        let real = given.resolvingSymlinksInPath()
        let folder = PathText.nearestFolder(from: given, holding: fileName)
            ?? (real.path == given.path ? nil : PathText.nearestFolder(from: real, holding: fileName))
        return folder?.appendingPathComponent(fileName).path
    }

    /// Loads a configuration file. `profileOverride` (`--profile`) replaces the file's
    /// `profile`. Returns every problem found.
    public static func load(path: String, profileOverride: String?, rules: [RuleDescription]) -> Result<Configuration, ConfigurationErrors> {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            let inside = (path.hasSuffix("/") ? path : path + "/") + ".archlint.json"
            let hint = FileManager.default.fileExists(atPath: inside) ? " (did you mean \(inside)?)" : ""
            return .failure(ConfigurationErrors(errors: [ConfigurationError(file: path, key: "", message: "is a folder, not a configuration file\(hint)")]))
        }
        // Read as any file is, so that `--config <(…)` (a pipe) works too.
        let data: Data
        switch SourceReader.contents(atPath: path) {
        case .success(let contents): data = Data(contents.bytes)
        case .failure(let failure):
            return .failure(ConfigurationErrors(errors: [ConfigurationError(file: path, key: "", message: "cannot be read: \(failure.reason)")]))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            return .failure(ConfigurationErrors(errors: [unreadable(error, file: path)]))
        }
        if let duplicate = duplicateKey(in: data, file: path) { return .failure(ConfigurationErrors(errors: [duplicate])) }
        return parse(value, file: path, profileOverride: profileOverride, rules: rules)
    }

    /// A key given twice in one object: an error, since JSON readers disagree on which value
    /// wins (Foundation keeps the first, most others the last).
    static func duplicateKey(in data: Data, file: String) -> ConfigurationError? {
        guard let duplicate = JSONSyntaxCheck.firstDuplicateKey(in: [UInt8](data)) else { return nil }
        return ConfigurationError(file: file, key: duplicate.path,
                                  message: "is given twice (again at line \(duplicate.line), column \(duplicate.column)); keep one of them")
    }

    /// Loads configuration text (used by tests and `archlint init` round trips).
    public static func load(text: String, file: String, profileOverride: String? = nil, rules: [RuleDescription]) -> Result<Configuration, ConfigurationErrors> {
        do {
            let value = try JSONValue.parse(Data(text.utf8))
            if let duplicate = duplicateKey(in: Data(text.utf8), file: file) { return .failure(ConfigurationErrors(errors: [duplicate])) }
            return parse(value, file: file, profileOverride: profileOverride, rules: rules)
        } catch {
            return .failure(ConfigurationErrors(errors: [unreadable(error, file: file)]))
        }
    }

    /// A JSON syntax error names the file ("is not valid JSON: line 3, column 7: …"); a value
    /// the decoder cannot hold names its key ("'rules.unimplemented-code': line 1, column 35: …").
    static func unreadable(_ error: Error, file: String) -> ConfigurationError {
        guard let error = error as? JSONSyntaxError else { return ConfigurationError(file: file, key: "", message: "is not valid JSON: \(error)") }
        return error.key.isEmpty
            ? ConfigurationError(file: file, key: "", message: "is not valid JSON: \(error.message)")
            : ConfigurationError(file: file, key: error.key, message: error.message)
    }

    static let topLevelKeys = ["$schema", "profile", "include", "exclude", "layers", "rules"]
    static let layerKeys = ["name", "paths", "modules", "mayDependOn", "forbiddenImports"]

    static func parse(_ value: JSONValue, file: String, profileOverride: String?, rules: [RuleDescription]) -> Result<Configuration, ConfigurationErrors> {
        var errors: [ConfigurationError] = []
        func fail(_ key: String, _ message: String) { errors.append(ConfigurationError(file: file, key: key, message: message)) }

        guard case .object(let root) = value else {
            return .failure(ConfigurationErrors(errors: [ConfigurationError(file: file, key: "", message: "must be a JSON object, found \(value.typeName)")]))
        }
        for key in root.keys.sorted() where !topLevelKeys.contains(key) {
            fail(key, "unknown key\(suggestion(key, among: topLevelKeys)); expected one of: \(topLevelKeys.joined(separator: ", "))")
        }

        // The schema's address, for editors: not read, but a string.
        switch root["$schema"] {
        case .none, .string?: break
        case let schema?: fail("$schema", "expected a string (the address of archlint's JSON Schema), found \(schema.typeName)")
        }

        var profile = Profiles.defaultName
        if let profileValue = root["profile"] {
            if case .string(let name) = profileValue, Profiles.names.contains(name) {
                profile = name
            } else if case .string(let name) = profileValue {
                fail("profile", "unknown profile '\(name)'\(suggestion(name.lowercased(), among: Profiles.names)); expected one of: \(Profiles.names.joined(separator: ", "))")
            } else {
                fail("profile", "expected a string, found \(profileValue.typeName)")
            }
        }
        if let profileOverride { profile = profileOverride }
        var configuration = Profiles.configuration(profile) ?? Profiles.configuration(Profiles.defaultName)!
        configuration.file = file

        let folder = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().path
        if let include = root["include"] { configuration.include = globs(include, key: "include", folder: folder, fail: fail) }
        if let exclude = root["exclude"] { configuration.exclude = globs(exclude, key: "exclude", folder: folder, fail: fail) }

        if let layersValue = root["layers"] {
            if case .array(let items) = layersValue {
                var layers: [Layer] = []
                for (number, item) in items.enumerated() {
                    let key = "layers[\(number)]"
                    guard case .object(let object) = item else { fail(key, "expected an object, found \(item.typeName)"); continue }
                    for field in object.keys.sorted() where !layerKeys.contains(field) {
                        fail("\(key).\(field)", "unknown key\(suggestion(field, among: layerKeys)); expected one of: \(layerKeys.joined(separator: ", "))")
                    }
                    guard case .string(let name)? = object["name"], !name.isEmpty else {
                        fail("\(key).name", "every layer needs a non-empty string 'name'")
                        continue
                    }
                    if layers.contains(where: { $0.name == name }) { fail("\(key).name", "layer '\(name)' is defined twice") }
                    var layer = Layer(name: name)
                    if let paths = object["paths"] { layer.paths = globs(paths, key: "\(key).paths", folder: folder, fail: fail) }
                    layer.modules = strings(object["modules"], key: "\(key).modules", fail: fail)
                    layer.mayDependOn = strings(object["mayDependOn"], key: "\(key).mayDependOn", fail: fail)
                    layer.forbiddenImports = strings(object["forbiddenImports"], key: "\(key).forbiddenImports", fail: fail)
                    for (field, list) in [("modules", layer.modules), ("forbiddenImports", layer.forbiddenImports)] {
                        for (position, module) in list.enumerated() where module.isEmpty {
                            fail("\(key).\(field)[\(position)]", "expected a module name, found an empty string")
                        }
                    }
                    if name == "*" { fail("\(key).name", "'*' cannot name a layer: in 'mayDependOn' it means every layer") }
                    // A misspelled key (`path`) or a bad value (`"paths": [1]`) has been
                    // reported already: no second error.
                    let givenButBad = ["paths", "modules"].contains { field in
                        guard let value = object[field] else { return false }
                        if case .array(let entries) = value { return !entries.isEmpty }
                        return true
                    }
                    if layer.paths.isEmpty, layer.modules.isEmpty, object.keys.allSatisfy(layerKeys.contains), !givenButBad {
                        fail(key, "layer '\(name)' has neither 'paths' (its files) nor 'modules' (the imports that reach it), so nothing belongs to it")
                    }
                    layers.append(layer)
                }
                // An import of a module must say which layer it reaches.
                for (number, layer) in layers.enumerated() {
                    for (position, module) in layer.modules.enumerated() {
                        if let owner = layers[..<number].first(where: { $0.modules.contains(module) }), owner.name != layer.name {
                            fail("layers[\(number)].modules[\(position)]", "module '\(module)' is already a module of layer '\(owner.name)'; a module belongs to one layer")
                        }
                    }
                }
                let names = layers.map(\.name)
                for (number, layer) in layers.enumerated() {
                    for (position, target) in layer.mayDependOn.enumerated() where target != "*" && !names.contains(target) {
                        fail("layers[\(number)].mayDependOn[\(position)]", "unknown layer '\(target)'\(suggestion(target, among: names)); defined layers: \(names.joined(separator: ", "))")
                    }
                }
                configuration.layers = layers
                configuration.layersAreConfigured = true
                configuration.warnings += mutualDependencyWarnings(layers, file: file)
            } else {
                fail("layers", "expected an array of layer objects, found \(layersValue.typeName)")
            }
        }

        if let rulesValue = root["rules"] {
            if case .object(let ruleObjects) = rulesValue {
                for id in ruleObjects.keys.sorted() {
                    let key = "rules.\(id)"
                    guard let rule = rules.first(where: { $0.id == id }) else {
                        fail(key, "unknown rule id '\(id)'\(suggestion(id, among: rules.map(\.id))); `archlint rules` lists them")
                        continue
                    }
                    var settings = RuleSettings()
                    switch ruleObjects[id]! {
                    case .string(let severityText):
                        // Shorthand: "rule-id": "warning".
                        if let severity = Severity(rawValue: severityText) { settings.severity = severity } else {
                            fail(key, "expected a severity (error, warning, note, off) or an object, found \"\(severityText)\"\(severitySuggestion(severityText))")
                        }
                    case .object(let fields):
                        for field in fields.keys.sorted() {
                            let value = fields[field]!
                            if field == "severity" {
                                if case .string(let text) = value, let severity = Severity(rawValue: text) { settings.severity = severity } else if case .string(let text) = value {
                                    fail("\(key).severity", "expected one of: error, warning, note, off; found \"\(text)\"\(severitySuggestion(text))")
                                } else {
                                    fail("\(key).severity", "expected one of: error, warning, note, off; found \(value.typeName)")
                                }
                                continue
                            }
                            guard let option = rule.option(named: field) else {
                                let known = ["severity"] + rule.options.map(\.name)
                                fail("\(key).\(field)", "unknown option of rule '\(id)'\(suggestion(field, among: known)); expected one of: \(known.joined(separator: ", "))")
                                continue
                            }
                            if let parsed = optionValue(value, option: option, key: "\(key).\(field)", layers: configuration.layers, fail: fail) {
                                settings.options[field] = parsed
                            }
                        }
                    default:
                        fail(key, "expected an object with 'severity' and options, or a severity string, found \(ruleObjects[id]!.typeName)")
                    }
                    configuration.rules[id] = settings
                }
            } else {
                fail("rules", "expected an object keyed by rule id, found \(rulesValue.typeName)")
            }
        }
        if errors.isEmpty, root["layers"] != nil { configuration.warnings += inheritedLayerOptionWarnings(configuration, rules: rules) }
        return errors.isEmpty ? .success(configuration) : .failure(ConfigurationErrors(errors: errors))
    }

    /// A configuration with its own layers that leaves a layer-valued rule option at the
    /// profile's value (`protocol-impl-parity.layers`: `["Domain"]`) may name layers it does
    /// not define: the option then quietly selects nothing. A warning for each such option
    /// of an enabled rule (the same value written in the file is an error).
    static func inheritedLayerOptionWarnings(_ configuration: Configuration, rules: [RuleDescription]) -> [ConfigurationWarning] {
        let names = configuration.layers.map(\.name)
        var warnings: [ConfigurationWarning] = []
        for rule in rules where configuration.severity(of: rule) != .off {
            let resolved = configuration.options(of: rule)
            for option in rule.options where option.type == .layerList && configuration.rules[rule.id]?.options[option.name] == nil {
                let missing = resolved.strings(option.name).filter { !names.contains($0) }
                guard !missing.isEmpty else { continue }
                let quoted = missing.map { "'\($0)'" }.joined(separator: ", ")
                warnings.append(ConfigurationWarning(
                    file: configuration.file ?? "", key: "rules.\(rule.id).\(option.name)",
                    message: "its default in the \(configuration.profile) profile, \(resolved.values[option.name]!), names \(missing.count == 1 ? "layer" : "layers") \(quoted), "
                        + "which this configuration does not define (\(names.isEmpty ? "it defines none" : "its layers: " + names.joined(separator: ", "))), so the rule does not look there; "
                        + "set '\(option.name)' to this configuration's layers, or turn the rule off"))
            }
        }
        return warnings
    }

    /// Layers that may each depend on the other: the linter cannot keep them apart, since
    /// code may move either way between them. Allowed (mayDependOn is not transitive and
    /// nothing breaks), but almost always a slip, so it is a warning naming both layers and
    /// the entry that closes the loop. Only when at least one side names the other: two
    /// layers that each allow everything (`*`, composition roots) are unrestricted on purpose.
    static func mutualDependencyWarnings(_ layers: [Layer], file: String) -> [ConfigurationWarning] {
        var warnings: [ConfigurationWarning] = []
        for (first, a) in layers.enumerated() {
            for (second, b) in layers.enumerated() where second > first && a.name != b.name {
                let aNamesB = a.mayDependOn.firstIndex(of: b.name)
                let bNamesA = b.mayDependOn.firstIndex(of: a.name)
                guard aNamesB != nil || bNamesA != nil,
                      aNamesB != nil || a.mayDependOn.contains("*"),
                      bNamesA != nil || b.mayDependOn.contains("*") else { continue }
                let key = bNamesA.map { "layers[\(second)].mayDependOn[\($0)]" } ?? "layers[\(first)].mayDependOn[\(aNamesB!)]"
                warnings.append(ConfigurationWarning(
                    file: file, key: key,
                    message: "layers '\(a.name)' and '\(b.name)' may depend on each other, so the linter cannot keep them apart; "
                        + "remove one direction from 'mayDependOn', or merge the two into one layer"))
            }
        }
        return warnings
    }

    /// The globs of `include`, `exclude` or a layer's `paths`, relative to `folder` (the
    /// configuration file's). An absolute path inside that folder is taken as the path
    /// relative to it (`/Users/me/App/Sources/Generated/` is `/Sources/Generated/`); one
    /// that leads elsewhere, and a `!` negation (which gitignore has and archlint does not),
    /// are errors, since they would match nothing.
    static func globs(_ value: JSONValue, key: String, folder: String, fail: (String, String) -> Void) -> [Glob] {
        guard case .array(let items) = value else {
            fail(key, "expected an array of glob strings, found \(value.typeName)")
            return []
        }
        var result: [Glob] = []
        for (number, item) in items.enumerated() {
            guard case .string(var pattern) = item else { fail("\(key)[\(number)]", "expected a glob string, found \(item.typeName)"); continue }
            if pattern.hasPrefix("!") {
                fail("\(key)[\(number)]", "invalid glob '\(pattern)': negation ('!') is not supported; every entry of '\(key)' adds paths, so narrow the other entries instead")
                continue
            }
            if pattern.hasPrefix("/") {
                switch absolutePattern(pattern, folder: folder) {
                case .relative(let rewritten): pattern = rewritten
                case .outside:
                    fail("\(key)[\(number)]", "invalid glob '\(pattern)': an absolute path outside the configuration's folder (\(folder)); globs are relative to that folder, and a leading '/' anchors one there")
                    continue
                case .anchored: break
                }
            }
            switch Glob.parse(pattern) {
            case .success(let glob): result.append(glob)
            case .failure(let error): fail("\(key)[\(number)]", "invalid glob '\(pattern)': \(error.reason)")
            }
        }
        return result
    }

    enum AbsolutePattern: Equatable {
        /// A glob anchored at the configuration's folder, as written.
        case anchored
        /// An absolute path inside the configuration's folder, made anchored at it.
        case relative(String)
        /// An absolute path that leads elsewhere.
        case outside
    }

    /// What a pattern with a leading `/` means: anchored at the configuration's folder
    /// (`/Sources/`), unless the folders it starts with (two at least, before any wildcard)
    /// are not in that folder while the file system has them from its root
    /// (`/Users/me/Other/…`): then an absolute path. A one-folder pattern (`/lib/`) is
    /// always anchored, since most systems have such folders at their root.
    static func absolutePattern(_ pattern: String, folder: String) -> AbsolutePattern {
        let bases = [folder, URL(fileURLWithPath: folder).resolvingSymlinksInPath().path].filter { $0 != "/" && !$0.isEmpty }
        func relative(_ pattern: String) -> AbsolutePattern? {
            for base in bases {
                if pattern == base || pattern == base + "/" { return .relative("/**") }
                if pattern.hasPrefix(base + "/") { return .relative("/" + pattern.dropFirst(base.count + 1)) }
            }
            return nil
        }
        if let inside = relative(pattern) { return inside }
        let literal = pattern.split(separator: "/").prefix { part in
            part != "." && part != ".." && !part.contains(where: { "*?{}".contains($0) })
        }
        guard literal.count >= 2 else { return .anchored }
        let path = literal.joined(separator: "/")
        // Written through a symbolic link to the project (`/tmp/…` for `/private/tmp/…`).
        let real = URL(fileURLWithPath: "/" + path).resolvingSymlinksInPath().path
        if real != "/" + path, pattern.hasPrefix("/" + path), let inside = relative(real + pattern.dropFirst(path.count + 1)) { return inside }
        let manager = FileManager.default
        if manager.fileExists(atPath: "/" + path), !manager.fileExists(atPath: folder + "/" + path) { return .outside }
        return .anchored
    }

    static func strings(_ value: JSONValue?, key: String, fail: (String, String) -> Void) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            fail(key, "expected an array of strings, found \(value.typeName)")
            return []
        }
        var result: [String] = []
        for (number, item) in items.enumerated() {
            if case .string(let text) = item { result.append(text) } else { fail("\(key)[\(number)]", "expected a string, found \(item.typeName)") }
        }
        return result
    }

    static func optionValue(_ value: JSONValue, option: RuleOption, key: String, layers: [Layer], fail: (String, String) -> Void) -> OptionValue? {
        switch option.type {
        case .bool:
            if case .bool(let flag) = value { return .bool(flag) }
            fail(key, "expected a boolean, found \(value.typeName)")
        case .string:
            if case .string(let text) = value { return .string(text) }
            fail(key, "expected a string, found \(value.typeName)")
        case .stringList, .layerList:
            guard case .array = value else {
                fail(key, "expected an array of strings, found \(value.typeName)")
                return nil
            }
            let list = strings(value, key: key, fail: fail)
            if option.requiresItems, list.isEmpty, case .array(let items) = value, items.isEmpty {
                fail(key, "expected at least one \(option.type == .layerList ? "layer" : "entry"): an empty list leaves the rule nothing to check; to turn the rule off, set its severity to \"off\"")
            }
            if option.type == .layerList {
                let names = layers.map(\.name)
                for (number, name) in list.enumerated() where !names.contains(name) {
                    fail("\(key)[\(number)]", "unknown layer '\(name)'\(suggestion(name, among: names)); defined layers: \(names.joined(separator: ", "))")
                }
            }
            return .strings(list)
        }
        return nil
    }

    /// Other linters' names for severities (ESLint's `warn`, SwiftLint's capitalised ones),
    /// for "did you mean".
    static let severityAliases: [String: Severity] = [
        "warn": .warning, "err": .error, "info": .note, "hint": .note, "notice": .note, "information": .note,
        "none": .off, "ignore": .off, "disable": .off, "disabled": .off, "false": .off, "0": .off, "1": .warning, "2": .error,
    ]

    /// ` (did you mean 'warning'?)` for a severity spelled another way: another case, another
    /// linter's name, or a typo.
    static func severitySuggestion(_ text: String) -> String {
        let lowered = text.lowercased()
        if let severity = Severity(rawValue: lowered) ?? severityAliases[lowered] { return " (did you mean '\(severity.rawValue)'?)" }
        return suggestion(text, among: Severity.allCases.map(\.rawValue))
    }

    /// ` (did you mean 'x'?)` for a close match: a few edits, and fewer than the text's
    /// length (`B` is not a typo of `A`). A difference of case alone is a match
    /// (`LAYER-DEPENDENCY`).
    static func suggestion(_ text: String, among candidates: [String]) -> String {
        if let same = candidates.first(where: { $0 != text && $0.lowercased() == text.lowercased() }) { return " (did you mean '\(same)'?)" }
        let best = candidates.map { ($0, EditDistance.between($0, text)) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= max(2, text.count / 3), best.1 < text.count else { return "" }
        return " (did you mean '\(best.0)'?)"
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
public enum EditDistance {
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
