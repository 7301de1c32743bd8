/// The frames a display drew while it played the daemon's moves, kept to send back to the
/// bridge (``LiveFollower/sendTrace(_:)``, `POST /trace`) and held against the tuned motion
/// by the page and `cardstack verify --device` (docs/tuning.md, "Device traces"). Each frame:
/// the instant it was shown on the daemon's clock, how long it stayed, the offset drawn.
///
/// ```swift
/// var trace = LiveTrace()
/// // in the display link's callback, after drawing `offset`:
/// trace.record(targetTimestamp: link.targetTimestamp, duration: link.targetTimestamp - link.timestamp,
///              offset: offset, clock: snapshot.clock)
/// try await follower.sendTrace(trace)
/// ```
public struct LiveTrace: Sendable, Equatable {
    public struct Frame: Sendable, Equatable {
        /// When the frame was shown, on the daemon's clock (s).
        public var time: Double
        /// How long it stayed on screen (s).
        public var duration: Double
        /// The offset it drew (points).
        public var offset: Double
    }

    /// At most this many frames are kept (20 s at 120 Hz): their lines stay under the 256 KiB
    /// the bridge takes. Later frames are counted in ``dropped``, not kept.
    public static let maximumFrames = 2400

    public private(set) var frames: [Frame] = []
    /// Frames past ``maximumFrames``.
    public private(set) var dropped = 0

    public init() {}

    /// Keeps the frame shown at local time `target` for `duration` seconds, drawing `offset`.
    /// Nothing is kept before the daemon's clock is known, nor a frame that is not after the
    /// last one kept (a trace's times increase), nor one with a duration that is not above 0.
    /// True when the frame was kept.
    @discardableResult
    public mutating func record(
        targetTimestamp target: Double, duration: Double, offset: Double, clock: LiveClockEstimate?
    )
        -> Bool
    {
        guard let clock, duration > 0, duration.isFinite, offset.isFinite else { return false }
        let time = target + clock.offset
        guard time.isFinite, frames.last.map({ time > $0.time }) ?? true else { return false }
        guard frames.count < Self.maximumFrames else {
            dropped += 1
            return false
        }
        frames.append(Frame(time: time, duration: duration, offset: offset))
        return true
    }

    /// The trace as `POST /trace` takes it: one `{"time", "duration", "offset"}` line a frame.
    public var jsonLines: String {
        frames.map { #"{"time":\#($0.time),"duration":\#($0.duration),"offset":\#($0.offset)}"# + "\n" }.joined()
    }
}
