/// What a body of code uses: member accesses, calls of bare names, type references.
///
/// Stored compactly, because there are millions of facts in a large project and most of
/// them are never asked for: all records of one file live in a single block of 32-bit
/// words (its `FactStore`), and a body's facts are a range of it. Names are interned per
/// file (`NamePool`): a record holds a name's number, each distinct name's bytes are kept
/// once. Asking for `memberAccesses`, `calls` or `references` decodes the records of that
/// kind into the value types below, in the order they were recorded.
///
/// Record layout (all words `UInt32`):
/// - header: the record kind in bits 0–1, a reference's role in bits 2–5, flags in bits
///   8–9, the record's length in words (header included) in bits 12–31; a length of 0
///   there means the length is the next word (records of more than a million words);
/// - the byte offset of the fact;
/// - the kind's fields: for a member access the receiver, the name, then referenced
///   labels or call arguments; for a call its name and arguments; for a reference its name.
///
/// A name is one word: its offset in the file's name pool (0 for the empty name), with
/// bit 31 set for a call argument that is a closure literal. Call arguments are the
/// offset of the `(` or first trailing `{`, the number of trailing closures (bit 31 set
/// when there are parentheses), the labels with their count first, and the
/// trailing-closure labels with their count first.
///
/// Two values are equal when they decode to the same facts, whichever files they come from.
public struct CodeFacts: Sendable, Hashable {
    /// The file's records; nil while there are none.
    var store: FactStore?
    /// The range of `store` that holds this body's records.
    var start: UInt32 = 0
    var end: UInt32 = 0
    // The counts in 32 bits each: every declaration holds a `CodeFacts`.
    private var memberAccesses32: UInt32 = 0
    private var calls32: UInt32 = 0
    private var references32: UInt32 = 0

    /// Number of member-access records.
    public internal(set) var memberAccessCount: Int {
        get { Int(memberAccesses32) }
        set { memberAccesses32 = UInt32(truncatingIfNeeded: newValue) }
    }
    /// Number of records of calls of bare names.
    public internal(set) var callCount: Int {
        get { Int(calls32) }
        set { calls32 = UInt32(truncatingIfNeeded: newValue) }
    }
    /// Number of type-reference records.
    public internal(set) var referenceCount: Int {
        get { Int(references32) }
        set { references32 = UInt32(truncatingIfNeeded: newValue) }
    }

    public init() {}

    public var isEmpty: Bool { start == end }

    public static func == (lhs: CodeFacts, rhs: CodeFacts) -> Bool {
        lhs.memberAccessCount == rhs.memberAccessCount && lhs.callCount == rhs.callCount && lhs.referenceCount == rhs.referenceCount
            && lhs.memberAccesses == rhs.memberAccesses && lhs.calls == rhs.calls && lhs.references == rhs.references
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(memberAccessCount)
        hasher.combine(callCount)
        hasher.combine(referenceCount)
    }

    // MARK: - Reading

    /// Every `receiver.name` in the code, in source order.
    public var memberAccesses: [MemberAccess] {
        var result: [MemberAccess] = []
        guard memberAccessCount > 0 else { return result }
        result.reserveCapacity(memberAccessCount)
        forEachRecord(of: RecordKind.memberAccess) { reader, header in
            result.append(Self.memberAccess(&reader, header: header))
        }
        return result
    }

    /// The member accesses whose receiver `keep` accepts, in source order: the receiver is
    /// judged by its bytes (`packedBytes(of:)`) before anything of the access is decoded.
    /// Most accesses in a body are on receivers a rule does not look at.
    public func memberAccesses(whereReceiver keep: (PackedName) -> Bool) -> [MemberAccess] {
        var result: [MemberAccess] = []
        guard memberAccessCount > 0 else { return result }
        forEachRecord(of: RecordKind.memberAccess) { reader, header in
            var peek = reader
            guard keep(packedBytes(of: peek.name())) else { return }
            result.append(Self.memberAccess(&reader, header: header))
        }
        return result
    }

    /// Decodes a member access record.
    private static func memberAccess(_ reader: inout Reader, header: UInt32) -> MemberAccess {
        let receiver = reader.string()
        let name = reader.string()
        if header & RecordFlag.referencedLabels != 0 {
            var access = MemberAccess(receiver: receiver, name: name, offset: reader.offset, call: nil)
            let count = reader.word()
            access.referencedLabels = (0..<count).map { _ in reader.string() }
            return access
        }
        let call = header & RecordFlag.call != 0 ? reader.callArguments() : nil
        return MemberAccess(receiver: receiver, name: name, offset: reader.offset, call: call)
    }

    /// Every call of a bare name (`Foo(…)`, `save()`, `Button { … }`), in source order.
    public var calls: [Call] {
        var result: [Call] = []
        guard callCount > 0 else { return result }
        result.reserveCapacity(callCount)
        forEachRecord(of: RecordKind.call) { reader, _ in
            let name = reader.string()
            result.append(Call(name: name, offset: reader.offset, arguments: reader.callArguments()))
        }
        return result
    }

    /// Every mention of a type name, in source order.
    public var references: [TypeReference] { references(withRoleCodes: ~0) }

    /// The references whose role is one of `roles`, in source order; the others are not decoded.
    public func references(withRoles roles: [ReferenceRole]) -> [TypeReference] {
        references(withRoleCodes: roles.reduce(UInt32(0)) { $0 | 1 << $1.code })
    }

    /// The references whose role's bit (`1 << role.code`) is set in `wanted`.
    private func references(withRoleCodes wanted: UInt32) -> [TypeReference] {
        var result: [TypeReference] = []
        guard referenceCount > 0 else { return result }
        forEachRecord(of: RecordKind.reference) { reader, header in
            let code = (header >> 2) & 0xF
            guard wanted & (1 << code) != 0 else { return }
            result.append(TypeReference(name: reader.string(), role: ReferenceRole(code: code), offset: reader.offset))
        }
        return result
    }

    // MARK: - Names, undecoded

    /// A name in a file's facts, as the file's name pool numbers it. All facts of one file
    /// share the pool, so within a file equal names have equal numbers: a pass over many
    /// facts of a file can work out what a name means once per name and decode it with
    /// `text(of:)` only then. Numbers of different files are unrelated.
    public struct Name: Hashable, Sendable {
        public let number: UInt32
    }

    /// A name's UTF-8 bytes as the name pool packs them: four to a word, byte `i` in bits
    /// `8 * (i % 4)` of word `i / 4`, the last word's unused bytes zero.
    public struct PackedName {
        public let words: UnsafePointer<UInt32>?
        /// The number of bytes.
        public let count: Int

        public init(words: UnsafePointer<UInt32>?, count: Int) {
            self.words = words
            self.count = count
        }

        public var wordCount: Int { (count + 3) / 4 }

        /// Byte `index` of the name.
        public subscript(index: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: words![index >> 2] >> UInt32(8 * (index & 3)))
        }

        /// Whether some byte of the name is `byte` (not 0).
        public func contains(_ byte: UInt8) -> Bool {
            guard let words else { return false }
            // A word has the byte where `word ^ pattern` has a zero byte; the zero padding
            // of the last word never does, as `byte` is not 0.
            let pattern = UInt32(byte) &* 0x0101_0101
            for index in 0..<wordCount {
                let word = words[index] ^ pattern
                if (word &- 0x0101_0101) & ~word & 0x8080_8080 != 0 { return true }
            }
            return false
        }
    }

    /// Every type reference's name, role and offset, in source order, without decoding
    /// the names.
    public var referenceNames: [(name: Name, role: ReferenceRole, offset: Int)] {
        var result: [(name: Name, role: ReferenceRole, offset: Int)] = []
        result.reserveCapacity(referenceCount)
        forEachReferenceName { result.append(($0, $1, $2)) }
        return result
    }

    /// Every call of a bare name: its name and offset, in source order, without decoding
    /// the names or arguments.
    public var callNames: [(name: Name, offset: Int)] {
        var result: [(name: Name, offset: Int)] = []
        result.reserveCapacity(callCount)
        forEachCallName { result.append(($0, $1)) }
        return result
    }

    /// Every name number of the file these facts belong to is below this (0 for facts
    /// without names): a pass over a file's facts can keep what each name means in an
    /// array of this many slots, indexed by `Name.number`, instead of a dictionary.
    public var nameNumberLimit: Int { store?.names.count ?? 0 }

    /// Calls `body` with every type reference's name, role and offset, in source order,
    /// without building an array or decoding the names.
    public func forEachReferenceName(_ body: (_ name: Name, _ role: ReferenceRole, _ offset: Int) -> Void) {
        guard referenceCount > 0 else { return }
        forEachRecord(of: RecordKind.reference) { reader, header in
            body(reader.name(), ReferenceRole(code: (header >> 2) & 0xF), reader.offset)
        }
    }

    /// Calls `body` with the name and offset of every call of a bare name, in source order,
    /// without building an array or decoding the names.
    public func forEachCallName(_ body: (_ name: Name, _ offset: Int) -> Void) {
        guard callCount > 0 else { return }
        forEachRecord(of: RecordKind.call) { reader, _ in
            body(reader.name(), reader.offset)
        }
    }

    /// The text of `name`, a name of these facts (or of any facts of the same file).
    public func text(of name: Name) -> String {
        guard let store else { return "" }
        return CodeFacts.decode(name.number, in: UnsafePointer(store.names.base))
    }

    /// The bytes of `name` where the name pool keeps them, for a look-up that needs no
    /// `String` made (`"Note"` among the project's type names). Valid while these facts
    /// (which hold the pool) are.
    public func packedBytes(of name: Name) -> PackedName {
        guard let store else { return PackedName(words: nil, count: 0) }
        let entry = Int(name.number)
        let names = UnsafePointer(store.names.base)
        return PackedName(words: names + entry + 1, count: Int(names[entry]))
    }

    /// The text of the name at `entry` of a name pool (layout in `NamePool`).
    private static func decode(_ entry: UInt32, in names: UnsafePointer<UInt32>) -> String {
        let entry = Int(entry)
        let count = Int(names[entry])
        guard count > 0 else { return "" }
        let first = names + entry + 1
        return String(unsafeUninitializedCapacity: count) { bytes in
            for index in 0..<count {
                bytes[index] = UInt8(truncatingIfNeeded: first[index >> 2] >> UInt32(8 * (index & 3)))
            }
            return count
        }
    }

    /// Calls `body` with a reader positioned after the offset of every record of `kind`.
    private func forEachRecord(of kind: UInt32, _ body: (inout Reader, UInt32) -> Void) {
        guard let store, start < end else { return }
        // The store is sealed and only read from here on (see `FactStore`).
        let buffer = UnsafeBufferPointer(start: store.base, count: Int(end))
        let names = UnsafePointer(store.names.base)
        var position = Int(start)
        while position + 1 < buffer.count {
            let header = buffer[position]
            var length = Int(header >> CodeFacts.lengthShift)
            var fields = position + 1
            if length == 0 {
                length = Int(buffer[fields])
                fields += 1
            }
            if header & RecordKind.mask == kind, fields < buffer.count {
                var reader = Reader(buffer: buffer, names: names, position: fields + 1, offset: Int(buffer[fields]))
                body(&reader, header)
            }
            position += max(length, 2)
        }
    }

    /// Decodes the fields of one record.
    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt32>
        let names: UnsafePointer<UInt32>
        var position: Int
        let offset: Int

        mutating func word() -> Int {
            defer { position += 1 }
            return Int(buffer[position])
        }

        /// A name; `isClosure` reports the call-argument flag of its word.
        mutating func string(isClosure: UnsafeMutablePointer<Bool>? = nil) -> String {
            let nameWord = buffer[position]
            position += 1
            isClosure?.pointee = nameWord & CodeFacts.closureFlag != 0
            return CodeFacts.decode(nameWord & ~CodeFacts.closureFlag, in: names)
        }

        /// A name, not decoded.
        mutating func name() -> Name {
            defer { position += 1 }
            return Name(number: buffer[position] & ~CodeFacts.closureFlag)
        }

        mutating func callArguments() -> CallArguments {
            let offset = word()
            let packed = word()
            let trailingClosures = packed & ~Int(CodeFacts.parenthesesFlag)
            let hasParentheses = packed & Int(CodeFacts.parenthesesFlag) != 0
            let labelCount = word()
            var labels: [String] = []
            var closureArguments: [Bool] = []
            labels.reserveCapacity(labelCount)
            closureArguments.reserveCapacity(labelCount)
            var isClosure = false
            for _ in 0..<labelCount {
                labels.append(string(isClosure: &isClosure))
                closureArguments.append(isClosure)
            }
            let trailingLabelCount = word()
            let trailingLabels = (0..<trailingLabelCount).map { _ in string() }
            return CallArguments(labels: labels, trailingClosureLabels: trailingLabels, trailingClosures: trailingClosures,
                                 hasParentheses: hasParentheses, closureArguments: closureArguments, offset: offset)
        }
    }

    // MARK: - Record layout (written by `FactStore`)

    /// The record kind, in bits 0–1 of a record's header.
    enum RecordKind {
        static let mask: UInt32 = 0x3
        static let memberAccess: UInt32 = 0
        static let call: UInt32 = 1
        static let reference: UInt32 = 2
    }

    enum RecordFlag {
        /// A member access that is called: call arguments follow the name.
        static let call: UInt32 = 1 << 8
        /// A member access naming a function by its labels: labels follow the name.
        static let referencedLabels: UInt32 = 1 << 9
    }

    /// In a name's word: the call argument is a closure literal.
    static let closureFlag: UInt32 = 1 << 31
    /// In the trailing-closure count of call arguments: the call has parentheses.
    static let parenthesesFlag: UInt32 = 1 << 31
    /// Where a record's length starts in its header, and the longest length it holds.
    static let lengthShift: UInt32 = 12
    static let maximumHeaderLength = Int(UInt32.max >> lengthShift)
}

extension ReferenceRole {
    /// The role's number in a fact record (four bits).
    var code: UInt32 {
        switch self {
        case .annotation: return 0
        case .inheritance: return 1
        case .genericArgument: return 2
        case .call: return 3
        case .cast: return 4
        case .staticMember: return 5
        case .extended: return 6
        case .constraint: return 7
        case .other: return 8
        }
    }

    init(code: UInt32) {
        switch code {
        case 0: self = .annotation
        case 1: self = .inheritance
        case 2: self = .genericArgument
        case 3: self = .call
        case 4: self = .cast
        case 5: self = .staticMember
        case 6: self = .extended
        case 7: self = .constraint
        default: self = .other
        }
    }
}
