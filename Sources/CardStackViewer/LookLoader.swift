import CardLayout
import Synchronization

/// Makes the look's thumbnails off the viewer's loop: decoding a folder of large images takes
/// long enough to hold up keys and redraws. One worker at a time; a look asked for while it
/// works replaces any other waiting, so a burst of saves makes the first and the last. The
/// viewer keeps drawing the look it has until the new one is ready.
///
/// `make` does the slow part (reading and shrinking the images); `start` runs the worker on
/// a thread of its own. Both are given, so a test can run the worker by hand.
public final class LookLoader: Sendable {
    public typealias Make = @Sendable (_ card: Parameters.Card, _ parameterFile: String?) -> ViewerLook
    public typealias Start = @Sendable (_ work: @escaping @Sendable () -> Void) -> Void

    private struct Job: Sendable {
        let card: Parameters.Card
        let parameterFile: String?
        let serial: Int
    }

    private struct State {
        var waiting: Job?
        var working = false
        var serial = 0
        var ready: ViewerLook?
    }

    private let make: Make
    private let start: Start
    private let state = Mutex(State())

    public init(make: @escaping Make, start: @escaping Start) {
        self.make = make
        self.start = start
    }

    /// Asks for the look of `card` (its images relative to `parameterFile`'s folder).
    public func load(_ card: Parameters.Card, parameterFile: String?) {
        let idle = state.withLock { s -> Bool in
            s.serial += 1
            s.waiting = Job(card: card, parameterFile: parameterFile, serial: s.serial)
            s.ready = nil
            defer { s.working = true }
            return !s.working
        }
        if idle { start { self.work() } }
    }

    /// Forgets what was asked (the look in force needs no images made).
    public func cancel() {
        state.withLock { s in
            s.serial += 1
            s.waiting = nil
            s.ready = nil
        }
    }

    /// The look last asked for, once it is made; each is handed over once.
    public func take() -> ViewerLook? {
        state.withLock { s in
            defer { s.ready = nil }
            return s.ready
        }
    }

    /// The worker: makes what waits until nothing does. A look made for an ask that a later
    /// `load` or `cancel` replaced is dropped.
    private func work() {
        while let job = state.withLock({ s -> Job? in
            defer { s.waiting = nil }
            if s.waiting == nil { s.working = false }
            return s.waiting
        }) {
            let look = make(job.card, job.parameterFile)
            state.withLock { s in
                if s.serial == job.serial { s.ready = look }
            }
        }
    }
}
