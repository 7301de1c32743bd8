import CardLayout
import CardStackProtocol

/// `drag`: a finger on the deck (docs/protocol.md §4, docs/layouts.md §8). One finger at a
/// time: a `began` catches the deck where it is (position continuous), `changed` moves it
/// under the scroll model's resistance, `ended` hands the finger's velocity to the model,
/// whose move the session then animates. While the finger is down nothing animates under it.
extension Session {
    /// Applies one phase of `client`'s drag at `now`.
    mutating func drag(_ phase: DragPhase, from client: ClientID, at now: Double) throws(WireError) -> CommandResult {
        switch phase {
        case .began:
            return .offset(beginDrag(for: client, at: now))
        case .changed(let by):
            var drag = try ownDrag(of: client, phase)
            drag.changed(by: by, deckParameters)
            finger = (client, drag)
            let velocity = lastScroll.map { now > $0.time && now - $0.time < 0.25 ? by / (now - $0.time) : 0 } ?? 0
            lastScroll = (now, by)
            move(to: Layout.wrapped(drag.offset, deckParameters), at: now, velocity: velocity)
            publishFrame(at: now)
            keepTicking(at: now)
            return .offset(offset)
        case .ended(let velocity):
            let drag = try ownDrag(of: client, phase)
            return .target(release(drag, velocity: velocity, at: now))
        }
    }

    /// `began`: stops the move under way where it is at `now` and puts a finger there; a
    /// finger already down (another connection's) is taken over. The offset it holds.
    private mutating func beginDrag(for client: ClientID, at now: Double) -> Double {
        if let running = animation {
            let caught = animatedOffset(running, at: now)
            stopAnimation()
            move(to: caught, at: now, velocity: 0)
            publishFrame(at: now, move: running.record)
            emit(.publishState)
        }
        lastScroll = nil
        finger = (client, Drag(at: offset, deckParameters))
        keepTicking(at: now)
        return offset
    }

    /// The drag `client` began, or `invalid_argument` saying how to begin one.
    private func ownDrag(of client: ClientID, _ phase: DragPhase) throws(WireError) -> Drag {
        guard let finger, finger.client == client else {
            let whose = finger == nil ? "no drag is under way" : "the drag under way is another connection's"
            throw WireError(
                .invalidArgument,
                "drag \(phase.name): \(whose); send {\"cmd\":\"drag\",\"phase\":\"began\"} on this connection first")
        }
        return finger.drag
    }

    /// Lets go of `drag` at `velocity` points/s: the model's move from where the finger left
    /// the deck, animated. Where the deck comes to rest.
    private mutating func release(_ drag: Drag, velocity: Double, at now: Double) -> Double {
        finger = nil
        lastScroll = nil
        let motion = drag.ended(velocity: velocity, deckParameters)
        animate(.scroll(motion), kind: .release, velocity: velocity, base: drag.flipBase, at: now)
        return Layout.normalize(motion.to ?? drag.offset, deckParameters)
    }

    /// A client went away: its finger, if it had one down, lets go at rest.
    mutating func releaseFinger(of client: ClientID, at now: Double) {
        guard let finger, finger.client == client else { return }
        let seqBefore = seq
        _ = release(finger.drag, velocity: 0, at: now)
        // The grids' cells, which took the drag's phases, let go too.
        mirror(.drag(.ended(velocity: 0)), seqBefore: seqBefore, at: now)
    }

    /// The parameters or the deck changed under a finger: it holds the deck where it now is.
    mutating func recatchFinger() {
        guard let finger else { return }
        self.finger = (finger.client, Drag(at: offset, deckParameters))
    }

    /// While a finger is down the deck moves only under it: the scroll commands are refused.
    func checkNoFinger(before command: Command) throws(WireError) {
        guard let finger else { return }
        switch command {
        case .scroll, .scrollTo, .fling, .snap, .next, .prev:
            throw WireError(
                .invalidArgument,
                "\(command.name): a finger is on the deck (a drag began on connection \(finger.client)); send {\"cmd\":\"drag\",\"phase\":\"ended\",\"velocity\":0} on that connection first"
            )
        default:
            return
        }
    }
}
