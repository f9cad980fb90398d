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
    enum Content {
        case unset
        case leaf(JSONValue)
        case array([Node])
        case object(keys: [String], nodes: [String: Node])
    }

    var content = Content.unset

    var value: JSONValue {
        switch content {
        case .unset: return .object([])
        case .leaf(let value): return value
        case .array(let nodes): return .array(nodes.map(\.value))
        case .object(let keys, let nodes): return .object(keys.map { JSONValue.Member(key: $0, value: nodes[$0]!.value) })
        }
    }

    /// The member `key`, created (after the others) or emptied when it was already there.
    func member(_ key: String) -> Node {
        if case .object(var keys, var nodes) = content {
            content = .unset
            let node = Node()
            if nodes.updateValue(node, forKey: key) == nil { keys.append(key) }
            content = .object(keys: keys, nodes: nodes)
            return node
        }
        let node = Node()
        content = .object(keys: [key], nodes: [key: node])
        return node
    }

    func becomeObject() {
        if case .object = content { return }
        content = .object(keys: [], nodes: [:])
    }

    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func appendItem() -> Node {
        let node = Node()
        if case .array(var nodes) = content {
            content = .unset
            nodes.append(node)
            content = .array(nodes)
        } else {
            content = .array([node])
        }
        return node
    }

    var itemCount: Int {
        if case .array(let nodes) = content { return nodes.count }
        return 0
    }
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

private struct TreeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

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

/// What every container does with one value: primitives become leaves, anything else
/// encodes itself into the node.
private func store(_ value: some Encodable, in node: Node, at path: [any CodingKey]) throws {
    func number(_ number: Double?, _ description: @autoclosure () -> String) throws {
        guard let number, number.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path, debugDescription: "\(description()) has no exact JSON number form"))
        }
        node.content = .leaf(.number(number))
    }
    switch value {
    case let v as String: node.content = .leaf(.string(v))
    case let v as Bool: node.content = .leaf(.bool(v))
    case let v as Double: try number(v, "\(v)")
    case let v as Float: try number(v.isFinite ? Double("\(v)") : nil, "\(v)")
    case let v as Int: try number(exactInteger(v), "\(v)")
    case let v as Int8: try number(Double(v), "\(v)")
    case let v as Int16: try number(Double(v), "\(v)")
    case let v as Int32: try number(Double(v), "\(v)")
    case let v as Int64: try number(exactInteger(v), "\(v)")
    case let v as UInt: try number(exactInteger(v), "\(v)")
    case let v as UInt8: try number(Double(v), "\(v)")
    case let v as UInt16: try number(Double(v), "\(v)")
    case let v as UInt32: try number(Double(v), "\(v)")
    case let v as UInt64: try number(exactInteger(v), "\(v)")
    default: try value.encode(to: TreeEncoder(node: node, codingPath: path))
    }
}

/// `integer` as a `Double` when every integer up to it is one too (|integer| ≤ 2⁵³).
private func exactInteger(_ integer: some BinaryInteger) -> Double? {
    integer.magnitude <= 1 << 53 ? Double(integer) : nil
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .leaf(.null) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try store(value, in: node.member(key.stringValue), at: codingPath + [key])
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
        TreeEncoder(node: node.member(SuperKey().stringValue), codingPath: codingPath + [SuperKey()])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.itemCount }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

    mutating func encodeNil() throws { node.appendItem().content = .leaf(.null) }

    mutating func encode(_ value: some Encodable) throws {
        let path = nextPath
        try store(value, in: node.appendItem(), at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let child = node.appendItem()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = node.appendItem()
        child.becomeArray()
        return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return TreeEncoder(node: node.appendItem(), codingPath: path)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .leaf(.null) }

    mutating func encode(_ value: some Encodable) throws { try store(value, in: node, at: codingPath) }
}
