import CardLayout

/// One transition of a recording as the plot and the page's graph show it: its frames from
/// the move's first frame, offsets unwrapped across the deck's wrap, each interval's
/// velocity, and where the velocity jumps.
///
/// A transition is a run of frames less than ``gap`` seconds apart, or points of the same
/// move, in which the offset moves (the page's rule, docs/page.md); it starts at the last
/// frame before the offset first changes (the move's first frame: a frame at rest sent
/// before it is not part of the motion). A step between two frames is the shortest one modulo the deck's period
/// (`cards × spacing`) when the deck wraps, so a wrap is not a jump of a whole turn.
public struct MotionSeries: Sendable, Equatable {
    /// Seconds between two frames that belong to different transitions.
    public static let gap = 0.15
    /// A velocity change this share of the peak speed, standing alone, is a jump.
    public static let jumpFraction = 1.0 / 3.0

    /// The frames' daemon times (seconds) and unwrapped offsets (points).
    public var times: [Double]
    public var offsets: [Double]
    /// Each interval's mean velocity (points/s), at the time of the frame that ends it:
    /// `velocities[i]` belongs to `times[i + 1]`.
    public var velocities: [Double]
    /// The times of the frames where the velocity jumps (from rest into the first interval,
    /// between two intervals, or from the last one to rest).
    public var jumps: [Double]

    /// The largest speed of any interval.
    public var peak: Double { velocities.map(abs).max() ?? 0 }

    /// The series of the frames `times`/`offsets` (already one transition). A frame whose
    /// time is not after the one before it (the same frame sent twice) is left out: it adds
    /// no interval, and a speed over no time would be a jump that did not happen.
    public init(times all: [Double], offsets rawAll: [Double], period: Double?) {
        let kept = all.indices.filter { $0 == 0 || all[$0] > all[$0 - 1] }
        let times = kept.map { all[$0] }
        let raw = kept.map { rawAll[$0] }
        self.times = times
        var offsets: [Double] = []
        for (i, x) in raw.enumerated() {
            guard i > 0 else {
                offsets.append(x)
                continue
            }
            var step = x - raw[i - 1]
            if let period, period > 0 { step -= period * (step / period).rounded() }
            offsets.append(offsets[i - 1] + step)
        }
        self.offsets = offsets
        let durations = times.indices.dropFirst().map { times[$0] - times[$0 - 1] }
        velocities = offsets.indices.dropFirst().map { i in
            // Frames less than a nanosecond apart (a hand-made recording) have no speed to
            // plot: dividing by the gap could overflow to infinity.
            durations[i - 1] > 1e-9 ? (offsets[i] - offsets[i - 1]) / durations[i - 1] : 0
        }
        jumps = Self.jumps(velocities, peak: velocities.map(abs).max() ?? 0, durations: durations).map {
            times[min($0, times.count - 1)]
        }
    }

    /// The frames (indices) where `velocities` jump, with rest before the first interval and
    /// after the last (docs/render.md, "Velocity jumps"; the page's graph uses the same rule,
    /// series.js). Each change is set against the time it took: the span between the middles
    /// of its two intervals (half the first interval from rest, half the last one to rest).
    /// A jump is a change of more than ``jumpFraction`` of the peak that is over twice what
    /// the rate of change beside it would give over its own span (a spring's steep rise is
    /// steady, not a jump; a long interval a busy machine left is the motion's own change);
    /// or two changes of one sense that together are over three times that (a move that
    /// stops part-way through its last interval). `durations` are the intervals' lengths in
    /// seconds, all equal when nil.
    static func jumps(_ velocities: [Double], peak: Double, durations: [Double]? = nil) -> [Int] {
        guard peak > 0 else { return [] }
        let v = [0] + velocities + [0]
        let d = durations ?? velocities.map { _ in 1 }
        let big = jumpFraction * peak
        func inside(_ i: Int) -> Bool { i >= 1 && i < v.count }
        func change(_ i: Int) -> Double { inside(i) ? v[i] - v[i - 1] : 0 }
        func span(_ i: Int) -> Double {
            i <= 1 ? d[0] / 2 : i >= v.count - 1 ? d[d.count - 1] / 2 : (d[i - 2] + d[i - 1]) / 2
        }
        func rate(_ i: Int) -> Double { inside(i) ? abs(change(i)) / span(i) : 0 }
        var frames: [Int] = []
        for i in 1..<v.count {
            let single = change(i)
            if abs(single) > big, abs(single) > 2 * span(i) * max(rate(i - 1), rate(i + 1)) {
                frames.append(i - 1)
            } else if i + 1 < v.count, single * change(i + 1) > 0 {
                let double = single + change(i + 1)
                let both = (span(i) + span(i + 1)) / 2
                if abs(double) > big, abs(double) > 3 * both * max(rate(i - 1), rate(i + 2)) { frames.append(i) }
            }
        }
        return Array(Set(frames)).sorted()
    }

    /// The transitions in `times`/`offsets`, oldest first, each as the range of its frames
    /// from the move's first frame. `moves` holds each frame's move (its `motion.start`, nil
    /// at rest), when known: two frames of the same move are one transition however far
    /// apart (a tick late on a busy machine, or frames skipped for a slow reader).
    public static func transitions(times: [Double], offsets: [Double], moves: [Double?] = []) -> [Range<Int>] {
        guard times.count >= 2, offsets.count == times.count else { return [] }
        func sameMove(_ i: Int) -> Bool {
            guard moves.count == times.count, let a = moves[i - 1], let b = moves[i] else { return false }
            return a == b
        }
        var runs: [Range<Int>] = []
        var start = 0
        for end in 1...times.count where end == times.count || (times[end] - times[end - 1] >= gap && !sameMove(end)) {
            let run = start..<end
            start = end
            guard run.count >= 2, let moved = run.first(where: { offsets[$0] != offsets[run.lowerBound] }) else {
                continue
            }
            runs.append((moved - 1)..<run.upperBound)
        }
        return runs
    }

    /// The deck's period when it wraps (its offsets are kept inside one turn), else nil.
    public static func period(_ parameters: Parameters?) -> Double? {
        guard let parameters, parameters.layout.wrap else { return nil }
        return Layout.period(parameters)
    }
}
