/// An architecture layer: where its files are, which modules it is, what it may use.
public struct Layer: Sendable, Equatable {
    public var name: String
    /// Globs on paths relative to the configuration's folder (DESIGN §4).
    public var paths: [Glob]
    /// Module names: `import M` of such a module is a dependency on this layer.
    public var modules: [String]
    /// Layers this one may depend on; `*` for all.
    public var mayDependOn: [String]
    /// External modules files of this layer must not import.
    public var forbiddenImports: [String]

    public init(name: String, paths: [Glob] = [], modules: [String] = [], mayDependOn: [String] = [], forbiddenImports: [String] = []) {
        self.name = name
        self.paths = paths
        self.modules = modules
        self.mayDependOn = mayDependOn
        self.forbiddenImports = forbiddenImports
    }

    public static func == (lhs: Layer, rhs: Layer) -> Bool {
        lhs.name == rhs.name && lhs.paths.map(\.pattern) == rhs.paths.map(\.pattern) && lhs.modules == rhs.modules
            && lhs.mayDependOn == rhs.mayDependOn && lhs.forbiddenImports == rhs.forbiddenImports
    }
}

/// Per-rule settings from the configuration: a severity override and option values.
public struct RuleSettings: Sendable, Equatable {
    public var severity: Severity?
    public var options: [String: OptionValue]

    public init(severity: Severity? = nil, options: [String: OptionValue] = [:]) {
        self.severity = severity
        self.options = options
    }
}

/// The effective configuration of a run: a built-in profile with the configuration
/// file's overrides applied.
public struct Configuration: Sendable {
    /// The built-in profile the configuration starts from (`arcana`, `arc-labs`).
    public var profile: String
    /// Files to lint (relative-path globs); empty means every `*.swift` file.
    public var include: [Glob]
    /// Files and folders to skip.
    public var exclude: [Glob]
    public var layers: [Layer]
    /// Per-rule overrides by rule id.
    public var rules: [String: RuleSettings]
    /// The configuration file, if one was read.
    public var file: String?
    /// Whether the file gives its own `layers` (rather than the profile's).
    public var layersAreConfigured = false
    /// Problems of the configuration file that do not stop a run (printed as warnings).
    public var warnings: [ConfigurationWarning] = []

    public init(profile: String, include: [Glob] = [], exclude: [Glob] = Configuration.defaultExcludes, layers: [Layer] = [],
                rules: [String: RuleSettings] = [:], file: String? = nil) {
        self.profile = profile
        self.include = include
        self.exclude = exclude
        self.layers = layers
        self.rules = rules
        self.file = file
    }

    /// Build products, dependencies, version control and test folders (DESIGN §4).
    public static let defaultExcludePatterns = [".build*/", ".git/", "DerivedData/", "Pods/", "Carthage/", ".swiftpm/", "Tests/", "*Tests/", "UITests/"]
    public static let defaultExcludes: [Glob] = defaultExcludePatterns.map(Glob.init)

    public func layer(named name: String) -> Layer? { layers.first { $0.name == name } }

    /// The layer of a file: the first layer with a matching path glob.
    public func layer(forPath relativePath: String) -> String? {
        guard !layers.isEmpty else { return nil }
        let path = Glob.Path(relativePath)
        return layers.first { layer in layer.paths.contains { $0.matches(path) } }?.name
    }

    /// The layer whose `modules` lists `module`, if any.
    public func layer(forModule module: String) -> Layer? {
        layers.first { $0.modules.contains(module) }
    }

    /// Whether code in layer `from` may depend on layer `to` (a layer may always use itself).
    public func mayDepend(_ from: String, on to: String) -> Bool {
        if from == to { return true }
        guard let layer = layer(named: from) else { return true }
        return layer.mayDependOn.contains("*") || layer.mayDependOn.contains(to)
    }

    /// Whether an exclude glob removes the directory at `relativePath` and everything in it
    /// (it matches a path inside it, whatever that is called).
    public func excludesDirectory(_ relativePath: String) -> Bool {
        guard !exclude.isEmpty else { return false }
        let inside = Glob.Path(relativePath + "/\u{0}")  // split once for all the globs
        return exclude.contains { $0.matches(inside) }
    }

    public func isIncluded(_ relativePath: String) -> Bool {
        // Without globs (`"exclude": []` and no `include`) the path need not be split.
        if include.isEmpty && exclude.isEmpty { return true }
        let path = Glob.Path(relativePath)
        if !include.isEmpty, !include.contains(where: { $0.matches(path) }) { return false }
        return !exclude.contains { $0.matches(path) }
    }

    /// The effective severity of a rule: the configuration's, else the profile default.
    public func severity(of rule: RuleDescription) -> Severity {
        rules[rule.id]?.severity ?? rule.defaultSeverity[profile] ?? .off
    }

    /// The rule's options: defaults, then the profile's values, then the configuration's.
    public func options(of rule: RuleDescription) -> ResolvedOptions {
        var values = ResolvedOptions(defaultsOf: rule).values
        if let profileSettings = Profiles.ruleSettings[profile]?[rule.id] {
            values.merge(profileSettings.options) { $1 }
        }
        if let settings = rules[rule.id] { values.merge(settings.options) { $1 } }
        return ResolvedOptions(values: values)
    }
}

/// Where a layer's own folder ends in a path, so that folder names that rules give a meaning
/// (`Repositories/`, `Services/` of Domain) are read inside the layer only: in
/// `Features/Repositories/Domain/Entities/Star.swift`, `Repositories` is a feature's name,
/// above Domain's folder. A layer's folder is the last path segment that one of its path
/// globs names literally (`Domain` of `**/Domain/**`); when none does (a layer matched by
/// wildcards only), every folder of the path counts.
public struct LayerFolders: Sendable {
    /// Per layer, the literal segments of its path globs.
    let names: [String: Set<String>]

    public init(_ configuration: Configuration) {
        var names: [String: Set<String>] = [:]
        for layer in configuration.layers {
            for glob in layer.paths {
                for segment in PathText.segments(glob.pattern) where !segment.contains(where: { "*?[]{}".contains($0) }) {
                    names[layer.name, default: []].insert(segment)
                }
            }
        }
        self.names = names
    }

    /// The folders of `path` (its file name left out) below the folder of `layer`. A segment
    /// that is one of `meaningful` (the folder names the caller looks for) is never taken for
    /// the layer's own folder (a layer whose glob is `Domain/Repositories/`).
    public func foldersInsideLayer(of path: String, layer: String?, meaningful: Set<String>) -> ArraySlice<String> {
        let folders = PathText.segments(path).dropLast()
        guard let layer, let layerNames = names[layer],
              let root = folders.lastIndex(where: { layerNames.contains($0) && !meaningful.contains($0) }) else { return folders }
        return folders[(root + 1)...]
    }

    /// Whether `path` lies in one of `folders` below the folder of `layer`.
    public func isInFolder(_ path: String, layer: String?, folders: Set<String>) -> Bool {
        foldersInsideLayer(of: path, layer: layer, meaningful: folders).contains { folders.contains($0) }
    }
}
