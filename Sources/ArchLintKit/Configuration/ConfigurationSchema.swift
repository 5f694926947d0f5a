/// The JSON Schema of `.archlint.json`, generated from the rule descriptions so that it
/// always matches what the loader accepts. `archlint.schema.json` at the repository root
/// is this output (a test keeps it in sync); `archlint init` references it in `$schema`.
public enum ConfigurationSchema {
    public static func json(rules: [RuleDescription]) -> String {
        var ruleProperties: [String] = []
        for rule in rules {
            var properties = ["\"severity\": { \"enum\": [\"error\", \"warning\", \"note\", \"off\"], \"description\": \"Severity of the rule's findings; off disables it.\" }"]
            for option in rule.options {
                let type: String
                switch option.type {
                case .bool: type = "\"type\": \"boolean\""
                case .string: type = "\"type\": \"string\""
                case .stringList, .layerList: type = "\"type\": \"array\", \"items\": { \"type\": \"string\" }" + (option.requiresItems ? ", \"minItems\": 1" : "")
                }
                properties.append("\(JSONText.quoted(option.name)): { \(type), \"description\": \(JSONText.quoted(option.summary + " Default: \(Profiles.defaultText(of: option, rule: rule.id))."))}")
            }
            ruleProperties.append("""
                    \(JSONText.quoted(rule.id)): {
                      "description": \(JSONText.quoted(rule.summary)),
                      "oneOf": [
                        { "enum": ["error", "warning", "note", "off"] },
                        { "type": "object", "additionalProperties": false, "properties": {
                          \(properties.joined(separator: ",\n              "))
                        } }
                      ]
                    }
            """)
        }
        // A glob as the loader accepts it: not empty, no negation, no character classes.
        // (Unbalanced braces, a `..` after a folder name and an absolute path outside the
        // project are the loader's to report: beyond what a pattern can say, or the disk's.)
        let glob = #"{ "type": "string", "minLength": 1, "pattern": "^(?!!)[^\\[\\]]*$" }"#
        return """
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "$id": "\(Profiles.schemaURL)",
          "title": "archlint configuration",
          "description": "Configuration of archlint, the Clean Architecture linter for Swift (.archlint.json; JSON with comments and trailing commas).",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "$schema": { "type": "string" },
            "profile": { "enum": [\(Profiles.names.map(JSONText.quoted).joined(separator: ", "))], "description": "Built-in profile to start from." },
            "include": { "type": "array", "items": \(glob), "description": "Globs of files to lint, relative to this file's folder." },
            "exclude": { "type": "array", "items": \(glob), "description": "Globs of files and folders to skip; replaces the defaults." },
            "layers": {
              "type": "array",
              "description": "Architecture layers; the first layer whose paths match a file owns it.",
              "items": {
                "type": "object",
                "additionalProperties": false,
                "required": ["name"],
                "anyOf": [
                  { "required": ["paths"], "properties": { "paths": { "minItems": 1 } } },
                  { "required": ["modules"], "properties": { "modules": { "minItems": 1 } } }
                ],
                "properties": {
                  "name": { "type": "string", "minLength": 1, "not": { "const": "*" } },
                  "paths": { "type": "array", "items": \(glob), "description": "Globs; 'Domain/' matches a Domain folder at any depth." },
                  "modules": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "Module names that import statements use for this layer." },
                  "mayDependOn": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "Layer names this layer may use; '*' for all." },
                  "forbiddenImports": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "External modules this layer must not import." }
                }
              }
            },
            "rules": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
        \(ruleProperties.joined(separator: ",\n"))
              }
            }
          }
        }

        """
    }
}
