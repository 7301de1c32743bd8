import CardLayout

/// `{"event":"frame","seq":N,"revision":R,"frame":FRAME}`.
public struct FrameEvent: Sendable, Equatable, Codable {
    /// Grows by one per frame the daemon computes; a gap means frames were skipped.
    public var seq: Int
    public var revision: Int
    public var frame: Frame
    /// Seconds on the daemon's monotonic clock (since it started) when the frame was
    /// computed; absent from older daemons.
    public var time: Double?
    /// While a move runs (and on its last frame): how it began, so a recording can compute
    /// each frame's offset again (`cardstack verify`). Absent at rest and from older daemons.
    public var motion: MotionStart?
    /// CoverFlow2's toggle the frame was laid out with (docs/layouts.md §2.4), when it had one.
    public var coverflowToggle: Double?
    /// The iOS 7 switcher's current card the frame was laid out with, when it had one.
    public var switcherCurrent: Int?
    /// To a client with a grid (`set_variants`) alone: every cell's newest frame, each
    /// computed at the same daemon time as the others. Absent for every other client.
    public var variants: [VariantFrame]?

    public init(seq: Int, revision: Int, frame: Frame, time: Double? = nil) {
        self.seq = seq
        self.revision = revision
        self.frame = frame
        self.time = time
    }

    enum CodingKeys: String, CodingKey {
        case seq, revision, frame, time, motion, variants
        case coverflowToggle = "coverflow_toggle"
        case switcherCurrent = "switcher_current"
    }
}
