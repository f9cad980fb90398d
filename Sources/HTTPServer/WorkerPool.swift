import CMicroHTTPD
import Foundation

/// A fixed set of threads taking jobs from a bounded FIFO queue. At most
/// `workers + queueLimit` jobs are admitted at once (running or waiting), so admission does
/// not depend on how quickly an idle worker picks up the previous job.
///
/// Each job names its source (the other server a fetch waits on; one for all renders). At
/// most `perSourceLimit` jobs of one source run at once: a thread takes the oldest job whose
/// source is under it, so jobs waiting on a slow source queue behind each other and leave
/// threads to the others, and with one source it is plain FIFO.
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
    let perSourceLimit: Int
    private let condition = NSCondition()
    /// Waiting jobs by source, each with its arrival number.
    private var queues: [String: FIFOQueue<(arrival: Int, job: Job)>] = [:]
    private var arrivals = 0
    private var queued = 0
    private var runningBySource: [String: Int] = [:]
    private var running = 0
    private var closed = false
    private let exited = DispatchGroup()

    /// `perSourceLimit` nil: `workers` (no bound beyond the pool's).
    init(workers: Int, queueLimit: Int, perSourceLimit: Int? = nil) {
        self.workers = workers
        self.queueLimit = queueLimit
        self.perSourceLimit = perSourceLimit ?? workers
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
    var waiting: Int { condition.withLock { queued } }

    /// Jobs being run.
    var active: Int { condition.withLock { running } }

    /// True when one more job would be admitted now. Jobs only leave between this check and
    /// `submit`, so a caller that serialises its submissions can rely on it.
    var hasRoom: Bool {
        condition.withLock { !closed && queued + running < workers + queueLimit }
    }

    /// Queues a job from `source`; false (job dropped) when full or closed.
    @discardableResult
    func submit(from source: String = "", _ job: @escaping Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, queued + running < workers + queueLimit else { return false }
        queues[source, default: FIFOQueue()].append((arrivals, job))
        arrivals &+= 1
        queued += 1
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
        while let (source, job) = next() {
            let deliver = job()
            condition.withLock {
                running -= 1
                runningBySource[source, default: 1] -= 1
                if runningBySource[source] == 0 { runningBySource[source] = nil }
                // A job held back by its source's limit may be next now.
                if queued > 0 { condition.broadcast() }
            }
            deliver()
        }
    }

    private func next() -> (String, Job)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let source = oldestRunnableSource() {
                let job = queues[source]!.removeFirst()!.job
                if queues[source]!.isEmpty { queues[source] = nil }
                queued -= 1
                running += 1
                runningBySource[source, default: 0] += 1
                return (source, job)
            }
            if queued == 0 && closed { return nil }
            condition.wait()
        }
    }

    /// The source whose oldest waiting job arrived first among those under their limit.
    private func oldestRunnableSource() -> String? {
        var best: (source: String, arrival: Int)?
        for (source, queue) in queues where runningBySource[source, default: 0] < perSourceLimit {
            guard let arrival = queue.first?.arrival else { continue }
            if best == nil || arrival < best!.arrival { best = (source, arrival) }
        }
        return best?.source
    }
}
