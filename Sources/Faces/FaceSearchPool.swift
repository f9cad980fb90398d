/// A `FaceDetector`'s classifier pool, counted: how many searches may run at once, how many
/// classifier sets are loaded, how many searches run now, the most that ever ran at once, the
/// most threads one search ran on (2 when a parallel search's halves ran at the same time), and
/// the threads OpenCV runs its parallel loops on.
public struct FaceSearchPool: Hashable, Sendable {
    public let capacity: Int
    public let classifiers: Int
    public let searching: Int
    public let mostSearching: Int
    public let mostThreadsInOneSearch: Int
    public let openCVThreads: Int

    init(capacity: Int, classifiers: Int, searching: Int, mostSearching: Int, mostThreadsInOneSearch: Int, openCVThreads: Int) {
        self.capacity = capacity
        self.classifiers = classifiers
        self.searching = searching
        self.mostSearching = mostSearching
        self.mostThreadsInOneSearch = mostThreadsInOneSearch
        self.openCVThreads = openCVThreads
    }
}
