import CardStackFiles
import CardStackSession
import NIOCore

/// The image files `card.images` names (docs/parameters.md, "The look"): checked by their
/// headers whenever the patterns change, followed by a ``LookImageWatcher``, and a change to
/// one of them is a `params` event with a new `images_version` (and the problems in
/// `warnings`), so every client loads the images again.
extension Hub {
    /// Checks the images again if the patterns changed since the last check, or `force`.
    func checkImages(force: Bool) {
        let patterns = session.parameters.card.images
        guard force || !images.checked || patterns != images.patterns else { return }
        images.checked = true
        images.patterns = patterns
        var directory = "."
        if let path = session.path, let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        let check = patterns.map { LookImageCheck(patterns: $0, relativeTo: directory) } ?? LookImageCheck()
        session.imageProblems = check.problems
        for problem in check.problems where !images.reported.contains(problem) {
            logger.warning("\(session.path ?? "parameters"): \(problem)")
        }
        images.reported = Set(check.problems)
        if images.watcher == nil, !check.directories.isEmpty {
            let bound = NIOLoopBound(self, eventLoop: eventLoop)
            let loop = eventLoop
            images.watcher = LookImageWatcher { loop.execute { bound.value.imagesChanged() } }
        }
        images.watcher?.follow(check.directories)
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
        images.watcher?.stop()
        images.watcher = nil
    }
}

/// What the hub knows of the look's image files.
struct HubImages {
    var checked = false
    var patterns: [String]?
    var reported: Set<String> = []
    var watcher: LookImageWatcher?
    var stopped = false
}
