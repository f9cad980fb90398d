/// A `FaceDetector`'s classifier pool, counted: how many searches may run at once, how many
/// classifier sets are loaded, how many searches run now, and the most that ever ran at once.
public struct FaceSearchPool: Hashable, Sendable {
    public let capacity: Int
    public let classifiers: Int
    public let searching: Int
    public let mostSearching: Int

    init(capacity: Int, classifiers: Int, searching: Int, mostSearching: Int) {
        self.capacity = capacity
        self.classifiers = classifiers
        self.searching = searching
        self.mostSearching = mostSearching
    }
}
