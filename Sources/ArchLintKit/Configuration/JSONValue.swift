import Foundation

/// A parsed JSON value (configuration files, baselines). Parsing accepts JSON5 — comments,
/// trailing commas, unquoted keys — through Foundation's `JSONDecoder.allowsJSON5`.
public enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null; return }
        if let value = try? container.decode(Bool.self) { self = .bool(value); return }
        if let value = try? container.decode(Double.self) { self = .number(value); return }
        if let value = try? container.decode(String.self) { self = .string(value); return }
        if let value = try? container.decode([JSONValue].self) { self = .array(value); return }
        self = .object(try container.decode([String: JSONValue].self))
    }

    /// Parses JSON or JSON5. Throws a message with the position of the syntax error.
    public static func parse(_ data: Data) throws -> JSONValue {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        do {
            return try decoder.decode(JSONValue.self, from: data)
        } catch {
            // Foundation on Linux gives no position (and a number such as `01` comes back as a
            // type mismatch): the check finds the first error itself, and names a well-formed
            // value Foundation cannot hold (`1e400`, `"\ud83d"`) with its key path.
            if let problem = JSONSyntaxCheck.firstProblem(in: [UInt8](data)) {
                throw JSONSyntaxError(message: problem.description, key: problem.path)
            }
            // Anything else the check did not foresee: the place, without Swift's type names.
            let context: DecodingError.Context?
            switch error as? DecodingError {
            case .dataCorrupted(let found)?, .typeMismatch(_, let found)?, .valueNotFound(_, let found)?, .keyNotFound(_, let found)?: context = found
            default: context = nil
            }
            let path = context.map(JSONValue.keyPath) ?? ""
            throw JSONSyntaxError(message: "\(path.isEmpty ? "a value" : "the value") cannot be read", key: path)
        }
    }

    /// `rules.unimplemented-code`, `layers[1].name`: a decoding error's place.
    static func keyPath(_ context: DecodingError.Context) -> String {
        var text = ""
        for key in context.codingPath {
            if let number = key.intValue, key.stringValue.hasPrefix("Index ") || Int(key.stringValue) == number {
                text += "[\(number)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// A short name of the value's type for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Why a JSON text cannot be read: a syntax error (its line and column), or a well-formed
/// value the decoder cannot hold, named by its key path (`rules.unimplemented-code`).
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The key path of the value that cannot be held; empty for a syntax error.
    public var key = ""

    public var description: String { key.isEmpty ? message : "'\(key)': \(message)" }
}
