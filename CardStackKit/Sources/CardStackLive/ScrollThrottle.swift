/// Which of an app's scroll offsets to report to the daemon (mirroring): at most one per
/// ``interval`` seconds, and always the last one once scrolling stops. A plain value with
/// time passed in.
public struct ScrollThrottle: Sendable, Equatable {
    /// Seconds between reports (30 a second by default).
    public var interval: Double
    private var lastSent: Double?
    private var lastSentOffset: Double?
    /// An offset held back, to send when the interval has passed.
    public private(set) var held: Double?

    public init(interval: Double = 1.0 / 30) {
        self.interval = interval
    }

    /// The app scrolled to `offset` at `now` (seconds): the offset to send now, or nil (held).
    public mutating func offer(_ offset: Double, now: Double) -> Double? {
        guard offset != lastSentOffset else {
            held = nil
            return nil
        }
        if let lastSent, now - lastSent < interval {
            held = offset
            return nil
        }
        return sent(offset, now)
    }

    /// The held offset, when the interval has passed since the last report (call it from a
    /// timer or the next frame), or nil.
    public mutating func due(now: Double) -> Double? {
        guard let held, now - (lastSent ?? -.infinity) >= interval else { return nil }
        return sent(held, now)
    }

    /// The daemon's own offset arrived: it needs no report.
    public mutating func heard(_ offset: Double) {
        lastSentOffset = offset
        if held == offset { held = nil }
    }

    private mutating func sent(_ offset: Double, _ now: Double) -> Double {
        lastSent = now
        lastSentOffset = offset
        held = nil
        return offset
    }
}
