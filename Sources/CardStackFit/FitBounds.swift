/// The ranges `cardstack fit`'s numbers must be in, checked where they are parsed: by the
/// command's options and by the bridge's `POST /fit` alike (one validator), so that no value
/// makes the fit crash or run for ever (docs/fit.md, "Bounds").
public enum FitBounds {
    /// The smallest stage scale, clip pixels per point.
    public static let minimumScale = 0.01
    /// The largest stage scale, clip pixels per point.
    public static let maximumScale = 100.0
    /// `cardstack fit`'s time limit unless `--time-limit` says otherwise, seconds.
    public static let commandTimeLimit = 600.0
    /// The time limit of the bridge's `POST /fit`, whose one job thread others wait for.
    public static let bridgeTimeLimit = 120.0
    /// The largest `--time-limit`, seconds (a day).
    public static let maximumTimeLimit = 86_400.0
    /// The largest `--from`, in points either way.
    public static let maximumOffset = 1_000_000.0

    /// Why the stage `x, y, scale` (its top-left corner in clip pixels and clip pixels per
    /// point) cannot be where the stage is in a `width` × `height` clip, or nil. The corner
    /// must lie within one clip's size of the clip's own (the stage may overhang it, not lie
    /// far outside), the scale in [``minimumScale``, ``maximumScale``].
    public static func stageProblem(x: Double, y: Double, scale: Double, width: Int, height: Int) -> String? {
        guard x.isFinite, y.isFinite else { return "the stage's numbers must be finite" }
        if let problem = scaleProblem(scale) { return problem }
        let w = Double(width)
        let h = Double(height)
        guard x >= -w, x <= w, y >= -h, y <= h else {
            return "the stage's top-left corner (\(x), \(y)) is too far outside the \(width) × \(height) clip: "
                + "x must be in [-\(width), \(width)] and y in [-\(height), \(height)] clip pixels"
        }
        return nil
    }

    /// Why `scale` (clip pixels per point) cannot be the stage's, or nil: what is checked
    /// before the clip's size is known.
    public static func scaleProblem(_ scale: Double) -> String? {
        guard scale.isFinite, scale >= minimumScale, scale <= maximumScale else {
            return "the stage's scale is \(scale) clip pixels per point; it must be in [\(minimumScale), "
                + "\(Int(maximumScale))]"
        }
        return nil
    }

    /// Why the mark `x, y` (clip pixels) is not inside a `width` × `height` clip, or nil.
    public static func markProblem(x: Double, y: Double, width: Int, height: Int) -> String? {
        guard x.isFinite, y.isFinite, x >= 0, y >= 0, x <= Double(width), y <= Double(height) else {
            return "the mark (\(x), \(y)) is outside the \(width) × \(height) clip: x must be in [0, \(width)] "
                + "and y in [0, \(height)] clip pixels"
        }
        return nil
    }

    /// Why `seconds` cannot be a fit's time limit, or nil.
    public static func timeLimitProblem(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds > 0, seconds <= maximumTimeLimit else {
            return "the time limit must be a number of seconds in (0, \(Int(maximumTimeLimit))]"
        }
        return nil
    }

    /// Why `offset` cannot be where the move starts, or nil.
    public static func offsetProblem(_ offset: Double) -> String? {
        guard offset.isFinite, abs(offset) <= maximumOffset else {
            return "the offset must be a number of points in [-\(Int(maximumOffset)), \(Int(maximumOffset))]"
        }
        return nil
    }
}
