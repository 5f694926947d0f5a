import SwiftLexer
import SwiftOutline

/// `archlint outline FILE`: the outline as JSON, `{"imports": [...], "declarations": [...]}`,
/// declarations as a tree (members nested). Written without recursion so that any nesting
/// depth prints.
public enum OutlineDump {
    /// - Parameter outline: the file's outline if it was built already (else it is built here).
    public static func json(for file: SourceFile, outline: FileOutline? = nil) -> [UInt8] {
        let outline = outline ?? OutlineBuilder.build(file)
        var out: [UInt8] = []
        out.append(contentsOf: Array("{\"imports\":[".utf8))
        for (number, item) in outline.imports.enumerated() {
            if number > 0 { out.append(0x2C) }
            let location = file.location(of: item.offset)
            var object = JSONObject()
            object.string("module", item.module)
            object.string("path", item.path)
            if let kind = item.kind { object.string("kind", kind) }
            object.raw("attributes", attributesJSON(item.attributes, file))
            object.raw("modifiers", stringArray(item.modifiers))
            object.int("line", location.line)
            object.int("column", location.column)
            if !item.conditions.isEmpty { object.raw("conditions", conditionsJSON(item.conditions)) }
            out += object.bytes
        }
        out.append(contentsOf: Array("],\"declarations\":[".utf8))

        // Iterative pre-order walk; a frame remembers which member to print next.
        var stack: [(index: Int, nextMember: Int)] = []
        for (number, top) in outline.topLevel.enumerated() {
            if number > 0 { out.append(0x2C) }
            out += openDeclaration(outline.declarations[top], file)
            stack.append((top, 0))
            while let frame = stack.last {
                let members = outline.declarations[frame.index].members
                if frame.nextMember < members.count {
                    if frame.nextMember > 0 { out.append(0x2C) }
                    stack[stack.count - 1].nextMember += 1
                    let member = members[frame.nextMember]
                    out += openDeclaration(outline.declarations[member], file)
                    stack.append((member, 0))
                } else {
                    out.append(contentsOf: Array("]}".utf8))
                    stack.removeLast()
                }
            }
        }
        out.append(contentsOf: Array("]}\n".utf8))
        return out
    }

    /// The declaration's fields and the opening of its `members` array.
    static func openDeclaration(_ declaration: Declaration, _ file: SourceFile) -> [UInt8] {
        let location = file.location(of: declaration.nameOffset)
        var object = JSONObject()
        object.string("kind", declaration.kind.rawValue)
        object.string("name", declaration.name)
        object.int("line", location.line)
        object.int("column", location.column)
        object.raw("attributes", attributesJSON(declaration.attributes, file))
        object.raw("modifiers", stringArray(declaration.modifiers))
        object.raw("inherits", stringArray(declaration.inherits))
        if !declaration.genericParameters.isEmpty { object.raw("genericParameters", stringArray(declaration.genericParameters)) }
        if let clause = declaration.whereClause { object.string("where", clause) }
        if !declaration.conditions.isEmpty { object.raw("conditions", conditionsJSON(declaration.conditions)) }
        switch declaration.kind {
        case .func, .`init`, .subscript, .macro, .case:
            if declaration.kind != .case || !declaration.parameters.isEmpty {
                object.raw("labels", stringArray(declaration.labels))
                object.raw("parameters", parametersJSON(declaration.parameters))
            }
            if declaration.kind != .case {
                var effects: [String] = []
                if declaration.effects.isAsync { effects.append("async") }
                if declaration.effects.isRethrowing { effects.append("rethrows") } else if declaration.effects.isThrowing { effects.append("throws") }
                object.raw("effects", stringArray(effects))
                if let thrown = declaration.effects.thrownType { object.string("thrownType", thrown) }
                if let result = declaration.returnType { object.string("returnType", result) }
                if declaration.isFailable { object.bool("failable", true) }
            }
            if declaration.kind == .case, let raw = declaration.typeText { object.string("rawValue", raw) }
        case .var, .let:
            object.raw("names", stringArray(declaration.names))
            if let type = declaration.typeText { object.string("type", type) }
            object.bool("stored", declaration.isStored)
            object.bool("initializer", declaration.hasInitializer)
            object.raw("accessors", stringArray(declaration.accessors.map(\.kind)))
        case .typealias, .associatedtype:
            if let type = declaration.typeText { object.string("type", type) }
        default:
            break
        }
        if !declaration.facts.isEmpty { object.raw("uses", factsJSON(declaration.facts, file)) }
        var bytes = object.bytes
        bytes.removeLast()  // reopen the object for its members
        bytes += Array(",\"members\":[".utf8)
        return bytes
    }

    static func factsJSON(_ facts: CodeFacts, _ file: SourceFile) -> [UInt8] {
        var object = JSONObject()
        if !facts.memberAccesses.isEmpty {
            var items: [[UInt8]] = []
            for access in facts.memberAccesses {
                var item = JSONObject()
                item.string("receiver", access.receiver)
                item.string("name", access.name)
                item.int("line", file.location(of: access.offset).line)
                if let call = access.call { item.raw("call", callJSON(call)) }
                items.append(item.bytes)
            }
            object.raw("memberAccesses", array(items))
        }
        if !facts.calls.isEmpty {
            object.raw("calls", array(facts.calls.map { call in
                var item = JSONObject()
                item.string("name", call.name)
                item.int("line", file.location(of: call.offset).line)
                item.raw("call", callJSON(call.arguments))
                return item.bytes
            }))
        }
        if !facts.references.isEmpty {
            object.raw("references", array(facts.references.map { reference in
                var item = JSONObject()
                item.string("name", reference.name)
                item.string("role", reference.role.rawValue)
                let location = file.location(of: reference.offset)
                item.int("line", location.line)
                item.int("column", location.column)
                return item.bytes
            }))
        }
        return object.bytes
    }

    static func callJSON(_ call: CallArguments) -> [UInt8] {
        var object = JSONObject()
        object.raw("labels", stringArray(call.labels))
        object.int("trailingClosures", call.trailingClosures)
        if !call.trailingClosureLabels.isEmpty { object.raw("trailingClosureLabels", stringArray(call.trailingClosureLabels)) }
        return object.bytes
    }

    static func parametersJSON(_ parameters: [Parameter]) -> [UInt8] {
        array(parameters.map { parameter in
            var object = JSONObject()
            object.string("label", parameter.label)
            object.string("name", parameter.name)
            object.string("type", parameter.type)
            if parameter.hasDefaultValue { object.bool("default", true) }
            if parameter.isVariadic { object.bool("variadic", true) }
            if parameter.isInout { object.bool("inout", true) }
            return object.bytes
        })
    }

    static func attributesJSON(_ attributes: [Attribute], _ file: SourceFile) -> [UInt8] {
        array(attributes.map { attribute in
            var object = JSONObject()
            object.string("name", attribute.name)
            if let arguments = attribute.arguments { object.string("arguments", arguments) }
            let location = file.location(of: attribute.offset)
            object.int("line", location.line)
            object.int("column", location.column)
            return object.bytes
        })
    }

    static func conditionsJSON(_ conditions: [ConditionClause]) -> [UInt8] {
        array(conditions.map { clause in
            var object = JSONObject()
            object.string("directive", "#" + clause.directive.rawValue)
            object.string("condition", clause.condition)
            return object.bytes
        })
    }

    static func stringArray(_ strings: [String]) -> [UInt8] {
        var out: [UInt8] = [0x5B]
        for (number, string) in strings.enumerated() {
            if number > 0 { out.append(0x2C) }
            JSONText.appendString(string, to: &out)
        }
        out.append(0x5D)
        return out
    }

    static func array(_ items: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [0x5B]
        for (number, item) in items.enumerated() {
            if number > 0 { out.append(0x2C) }
            out += item
        }
        out.append(0x5D)
        return out
    }
}

/// Builds one compact JSON object, keys in the order added.
struct JSONObject {
    private(set) var bytes: [UInt8] = [0x7B, 0x7D]

    private mutating func key(_ name: String) {
        bytes.removeLast()
        if bytes.count > 1 { bytes.append(0x2C) }
        JSONText.appendString(name, to: &bytes)
        bytes.append(0x3A)
    }

    mutating func string(_ name: String, _ value: String) {
        key(name)
        JSONText.appendString(value, to: &bytes)
        bytes.append(0x7D)
    }

    mutating func int(_ name: String, _ value: Int) {
        key(name)
        JSONText.appendInt(value, to: &bytes)
        bytes.append(0x7D)
    }

    mutating func bool(_ name: String, _ value: Bool) {
        key(name)
        bytes += Array((value ? "true" : "false").utf8)
        bytes.append(0x7D)
    }

    mutating func raw(_ name: String, _ json: [UInt8]) {
        key(name)
        bytes += json
        bytes.append(0x7D)
    }
}
