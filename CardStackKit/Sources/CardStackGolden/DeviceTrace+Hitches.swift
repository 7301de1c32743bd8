/// Hitches, as Apple's tools count them: a frame on screen later than expected, by how
/// much; the hitch time ratio is the hitch time per second of motion, in ms/s (Apple, WWDC20
/// "Eliminate animation hitches with XCTest"; docs/tuning.md, "Device traces").
extension DeviceTrace {
    /// A frame that stayed on screen past its refresh, so the next one showed late.
    public struct Hitch: Sendable, Equatable {
        /// The frame held too long.
        public var frame: Frame
        /// How long the frame after it was late, milliseconds.
        public var milliseconds: Double
    }

    /// Apple's bands for the hitch time ratio (WWDC20, "Eliminate animation hitches with
    /// XCTest"): good under 5 ms/s, warning from 5 to 10, critical from 10.
    public enum Band: String, Sendable {
        case good, warning, critical

        public init(ratio: Double) {
            self = ratio < 5 ? .good : ratio < 10 ? .warning : .critical
        }
    }

    /// The trace's own refresh, seconds: its median frame duration.
    public var cadence: Double {
        let sorted = frames.map(\.duration).sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// How long each frame was on screen: its duration, or until the next frame's target
    /// time when that is later (the frames in between were never presented).
    public var held: [Double] {
        frames.indices.map { i in
            i + 1 < frames.count ? max(frames[i].duration, frames[i + 1].time - frames[i].time) : frames[i].duration
        }
    }

    /// Every frame held for more than one refresh of ``cadence`` (by half a refresh or more,
    /// so timing noise is not a hitch), with the time it held the next frame back.
    public var hitches: [Hitch] {
        let refresh = cadence
        return zip(frames, held).compactMap { frame, held in
            held >= refresh * 1.5 ? Hitch(frame: frame, milliseconds: (held - refresh) * 1000) : nil
        }
    }

    /// Seconds of motion: from the first frame's target time to the end of the last.
    public var span: Double {
        frames[frames.count - 1].time + frames[frames.count - 1].duration - frames[0].time
    }

    /// Apple's hitch time ratio: the total hitch time in ms over the seconds of motion.
    public var hitchTimeRatio: Double {
        hitches.reduce(0) { $0 + $1.milliseconds } / span
    }
}
