/// `Encodable` values as `JSONValue` trees, so that typed answers (the HTTP API's, the
/// commands' `--json`) are written by `JSONValue.utf8` like every other JSON the project
/// writes, not by Foundation's `JSONEncoder`.
///
/// As `JSONEncoder` does: an absent optional member is left out (`encodeIfPresent`), a
/// member encoded twice keeps its last value, an empty container is `{}` or `[]`. Unlike it,
/// `Date`, `Data` and `URL` get no special form (the project encodes none). A number that has
/// no exact JSON `Double` form (not finite, or an integer beyond ±2⁵³) is refused with
/// `EncodingError.invalidValue`, naming the path.
public struct JSONValueEncoder {
    public init() {}

    public func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try value.encode(to: TreeEncoder(node: root, codingPath: []))
        return root.value
    }
}

/// A value being built: containers stay open (nested containers and encoders write into
/// them later) until `value` reads the finished tree.
private final class Node {
    enum Kind { case unset, leaf, array, object }

    var kind = Kind.unset
    var leaf = JSONValue.null
    /// An array's items, or an object's members' values (beside `keys`).
    var children: [Node] = []
    var keys: [String] = []

    var value: JSONValue {
        switch kind {
        case .unset: return .object([])
        case .leaf: return leaf
        case .array: return .array(children.map(\.value))
        case .object:
            let members = zip(keys, children).map { JSONValue.Member(key: $0, value: $1.value) }
            return .object(hasRepeatedKeys ? Self.lastOfEach(members) : members)
        }
    }

    /// Objects have a handful of members: a look back is cheaper than hashing them all.
    private var hasRepeatedKeys: Bool {
        if keys.count > 16 { return Set(keys).count != keys.count }
        return keys.indices.contains { i in keys[..<i].contains(keys[i]) }
    }

    /// The last member of each key, in the order of those last members: a key encoded twice
    /// keeps its last value.
    private static func lastOfEach(_ members: [JSONValue.Member]) -> [JSONValue.Member] {
        var seen = Set<String>()
        var kept: [JSONValue.Member] = []
        for member in members.reversed() where seen.insert(member.key).inserted { kept.append(member) }
        return kept.reversed()
    }

    func set(_ value: JSONValue) {
        kind = .leaf
        leaf = value
    }

    /// A new member `key`, after the others.
    func member(_ key: String) -> Node {
        becomeObject()
        let node = Node()
        keys.append(key)
        children.append(node)
        return node
    }

    func becomeObject() {
        guard kind != .object else { return }
        kind = .object
        children = []
        keys = []
    }

    func becomeArray() {
        guard kind != .array else { return }
        kind = .array
        children = []
    }

    func appendItem() -> Node {
        becomeArray()
        let node = Node()
        children.append(node)
        return node
    }

    var itemCount: Int { kind == .array ? children.count : 0 }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue!)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// `codingPath` is the container's path and the value's key, joined only when read (an
/// error, or a type that asks): most values never need it.
private struct TreeEncoder: Encoder {
    let node: Node
    let base: [any CodingKey]
    let key: (any CodingKey)?
    var codingPath: [any CodingKey] { key.map { base + [$0] } ?? base }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: Node, codingPath: [any CodingKey], key: (any CodingKey)? = nil) {
        self.node = node
        self.base = codingPath
        self.key = key
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }
}

/// What every container does with one value: primitives (told apart by their type's
/// identity, not by casts) become leaves, anything else encodes itself into the node.
private func store<T: Encodable>(_ value: T, in node: Node, at base: [any CodingKey], _ key: (any CodingKey)?) throws {
    func number(_ number: Double?) throws {
        guard let number, number.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: key.map { base + [$0] } ?? base, debugDescription: "\(value) has no exact JSON number form"))
        }
        node.set(.number(number))
    }
    func cast<U>(_: U.Type) -> U { unsafeBitCast(value, to: U.self) }
    if T.self == String.self { return node.set(.string(cast(String.self))) }
    if T.self == Double.self { return try number(cast(Double.self)) }
    if T.self == Int.self { return try number(exactInteger(cast(Int.self))) }
    if T.self == Bool.self { return node.set(.bool(cast(Bool.self))) }
    if T.self == Float.self { let v = cast(Float.self); return try number(v.isFinite ? Double("\(v)") : nil) }
    if T.self == Int8.self { return try number(Double(cast(Int8.self))) }
    if T.self == Int16.self { return try number(Double(cast(Int16.self))) }
    if T.self == Int32.self { return try number(Double(cast(Int32.self))) }
    if T.self == Int64.self { return try number(exactInteger(cast(Int64.self))) }
    if T.self == UInt.self { return try number(exactInteger(cast(UInt.self))) }
    if T.self == UInt8.self { return try number(Double(cast(UInt8.self))) }
    if T.self == UInt16.self { return try number(Double(cast(UInt16.self))) }
    if T.self == UInt32.self { return try number(Double(cast(UInt32.self))) }
    if T.self == UInt64.self { return try number(exactInteger(cast(UInt64.self))) }
    try value.encode(to: TreeEncoder(node: node, codingPath: base, key: key))
}

/// `integer` as a `Double` when every integer up to it is one too (|integer| ≤ 2⁵³).
private func exactInteger(_ integer: some BinaryInteger) -> Double? {
    integer.magnitude <= 1 << 53 ? Double(integer) : nil
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).set(.null) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try store(value, in: node.member(key.stringValue), at: codingPath, key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.becomeArray()
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(node: node.member(SuperKey().stringValue), codingPath: codingPath, key: SuperKey())
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath, key: key)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.itemCount }

    mutating func encodeNil() throws { node.appendItem().set(.null) }

    mutating func encode(_ value: some Encodable) throws {
        let index = IndexKey(intValue: count)
        try store(value, in: node.appendItem(), at: codingPath, index)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(intValue: count)]
        let child = node.appendItem()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(intValue: count)]
        let child = node.appendItem()
        child.becomeArray()
        return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let index = IndexKey(intValue: count)
        return TreeEncoder(node: node.appendItem(), codingPath: codingPath, key: index)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }

    mutating func encode(_ value: some Encodable) throws { try store(value, in: node, at: codingPath, nil) }
}
