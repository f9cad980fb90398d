/// A first-in, first-out queue over an array: O(1) amortised appends and removals, with the
/// consumed front dropped once it is at least half the storage (and emptied outright when
/// everything has been taken). Not thread-safe: its owners keep it under their lock.
struct FIFOQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    var count: Int { storage.count - head }
    var isEmpty: Bool { head == storage.count }
    /// The element `removeFirst` would return.
    var first: Element? { isEmpty ? nil : storage[head] }

    mutating func append(_ element: Element) { storage.append(element) }

    /// The oldest element, released from the storage at once; nil when empty.
    mutating func removeFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage[head]
        storage[head] = nil
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
