import CardStackFiles
import CardStackSession
import CardStackSystem
import NIOCore
import NIOPosix
import Synchronization

/// The image files `card.images` names (docs/parameters.md, "The look"): checked by their
/// headers whenever the patterns change, followed by a ``LookImageWatcher``, and a change to
/// one of them is a `params` event with a new `images_version` (and the problems in
/// `warnings`), so every client loads the images again.
///
/// The loop never touches those files: the globs are resolved and the headers read on a
/// thread of the hub's own, within ``LookImageFile/Limits`` (files, directory entries, a
/// deadline), and the result comes back to the loop. A newer check makes an older one stop
/// and its result is dropped: the newest patterns win. The `params` event that follows a
/// change goes out at once; the one with the check's warnings follows when it is done.
extension Hub {
    /// Checks the images again if the patterns changed since the last check, or `force`.
    func checkImages(force: Bool) {
        let patterns = session.parameters.card.images
        guard force || !images.checked || patterns != images.patterns else { return }
        // New patterns: the old ones' problems no longer hold (the check brings the new).
        if patterns != images.patterns {
            session.imageProblems = []
            images.files = nil
        }
        images.checked = true
        images.patterns = patterns
        let generation = images.latest.next()
        guard let patterns, !images.stopped else {
            // No images: follow no directory (off the loop too), and no problems.
            if let watcher = images.watcher, !images.stopped {
                let latest = images.latest
                _ = images.worker.runIfActive(eventLoop: eventLoop) {
                    if latest.current == generation { watcher.follow([]) }
                }
            }
            imagesChecked(LookImageCheck(), generation: generation)
            return
        }
        var directory = "."
        if let path = session.path, let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        let latest = images.latest
        let budget = LookImageFile.Budget(limits: configuration.imageLimits) {
            latest.current != generation
        }
        let watcher = imageWatcher()
        images.worker.runIfActive(eventLoop: eventLoop) { [directory] in
            let check = LookImageCheck(patterns: patterns, relativeTo: directory, budget: budget)
            // Following is file work too (a path looked up per directory): here, and only
            // for the newest patterns.
            if latest.current == generation { watcher?.follow(check.directories) }
            return check
        }.assumeIsolated().whenSuccess { [self] check in
            imagesChecked(check, generation: generation)
        }
    }

    /// A check is done: the newest one's problems are the session's, and clients hear of
    /// them if they changed.
    func imagesChecked(_ check: LookImageCheck, generation: Int) {
        guard generation == images.latest.current, !images.stopped else { return }
        for problem in check.problems where !images.reported.contains(problem) {
            logger.warning("\(session.path ?? "parameters"): \(problem)")
        }
        images.reported = Set(check.problems)
        images.files = check.files
        guard check.problems != session.imageProblems else { return }
        session.imageProblems = check.problems
        broadcast(.params(session.paramsInfo), to: .params)
    }

    /// The directories' watcher, made on first need (no file is touched to make it).
    private func imageWatcher() -> LookImageWatcher? {
        if images.watcher == nil {
            let bound = NIOLoopBound(self, eventLoop: eventLoop)
            let loop = eventLoop
            images.watcher = LookImageWatcher { loop.execute { bound.value.imagesChanged() } }
        }
        return images.watcher
    }

    /// A followed directory changed: check again and tell every client.
    func imagesChanged() {
        guard !images.stopped, session.parameters.card.images != nil else { return }
        checkImages(force: true)
        session.imagesVersion += 1
        broadcast(.params(session.paramsInfo), to: .params)
    }

    func stopImages() {
        images.stopped = true
        images.latest.next()
        images.watcher?.stop()
        images.watcher = nil
        images.stopWorker()
    }
}

/// What the hub knows of the look's image files.
struct HubImages {
    var checked = false
    var patterns: [String]?
    /// The files the newest finished check resolved for ``patterns`` (for `export`).
    var files: [String]?
    var reported: Set<String> = []
    var watcher: LookImageWatcher?
    var stopped = false
    /// The number of the newest check: an older one stops, and its result is dropped.
    let latest = ImageCheckNumber()
    /// The thread the checks run on, started on first need.
    private var pool: NIOThreadPool?

    var worker: NIOThreadPool {
        mutating get {
            if let pool { return pool }
            let pool = NIOThreadPool(numberOfThreads: 1)
            pool.start()
            self.pool = pool
            return pool
        }
    }

    mutating func stopWorker() {
        pool?.shutdownGracefully { _ in }
        pool = nil
    }
}

/// A counter the loop sets and the check's thread reads.
final class ImageCheckNumber: Sendable {
    private let value = Atomic<Int>(0)

    /// Counts one more check and returns its number.
    @discardableResult
    func next() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }

    var current: Int { value.load(ordering: .relaxed) }
}
