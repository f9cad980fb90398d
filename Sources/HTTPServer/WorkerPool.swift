import CMicroHTTPD
import Foundation

/// A fixed set of threads taking jobs from a bounded FIFO queue. At most
/// `workers + queueLimit` jobs are admitted at once (running or waiting), so admission does
/// not depend on how quickly an idle worker picks up the previous job.
///
/// A job does its work and returns what is left to do once its slot is free: the delivery of
/// its answer. A client that gets its answer and sends the next request at once therefore
/// never finds its own finished job still counted against the queue.
// @unchecked: every mutable field is guarded by `condition`.
final class WorkerPool: @unchecked Sendable {
    typealias Delivery = @Sendable () -> Void
    typealias Job = @Sendable () -> Delivery

    let workers: Int
    let queueLimit: Int
    private let condition = NSCondition()
    private var jobs = FIFOQueue<Job>()
    private var running = 0
    private var closed = false
    private let exited = DispatchGroup()

    init(workers: Int, queueLimit: Int) {
        self.workers = workers
        self.queueLimit = queueLimit
    }

    /// Starts the threads (once).
    func start(name: String) {
        for index in 0..<workers {
            exited.enter()
            let thread = Thread { [self] in
                Self.yieldToIOThreads()
                work()
                exited.leave()
            }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    /// Jobs waiting for a worker.
    var waiting: Int { condition.withLock { jobs.count } }

    /// Jobs being run.
    var active: Int { condition.withLock { running } }

    /// True when one more job would be admitted now. Jobs only leave between this check and
    /// `submit`, so a caller that serialises its submissions can rely on it.
    var hasRoom: Bool {
        condition.withLock { !closed && jobs.count + running < workers + queueLimit }
    }

    /// Queues a job; false (job dropped) when full or closed.
    @discardableResult
    func submit(_ job: @escaping Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, jobs.count + running < workers + queueLimit else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Refuses new jobs, lets the queued ones run, and waits for the workers (if started) to
    /// exit.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
        exited.wait()
    }

    /// Renders are batch work; libmicrohttpd's threads answer health checks, metrics and
    /// cached cards. On Linux every thread has its own nice value: a worker raises its own by
    /// `workerNiceness`, so when an I/O thread and a worker are both ready the scheduler
    /// favours the I/O thread (about 3:1 at +5) and a probe's latency does not depend on how
    /// many renders are running. If the call fails the worker keeps the usual priority.
    static let workerNiceness: Int32 = 5

    private static func yieldToIOThreads() {
        // Failure is not fatal: the worker keeps the I/O threads' priority.
        _ = sc_httpd_lower_thread_priority(workerNiceness) == 0
    }

    private func work() {
        while let job = next() {
            let deliver = job()
            condition.withLock { running -= 1 }
            deliver()
        }
    }

    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !closed { condition.wait() }
        guard let job = jobs.removeFirst() else { return nil }
        running += 1
        return job
    }
}
