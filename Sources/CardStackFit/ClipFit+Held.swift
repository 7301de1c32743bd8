extension ClipFit {
    /// The longest run of held frames taken for a dropped frame: 8 (133 ms at 60 frames a
    /// second, a 77 ms gap's four repeats with room to spare; docs/fit.md, "Held frames").
    public static let longestHold = 8

    /// The frames that repeat the one before them inside the move: a screen recording holds
    /// the last frame when the device drops one, and a clip rendered from a recording with a
    /// gap shows its frame until the next arrives. Such a frame is not the motion stopping,
    /// and its time is not the time of what it shows, so it is left out of the fit.
    ///
    /// A run of at most ``longestHold`` frames counts when each differs from the one before
    /// by under a fifth of the change into the run and of the change out of it (both at least
    /// 0.2 grey levels on average): the move went on before and after. A move's still start
    /// and its rest at the end are not runs of this kind; a frame at an overshoot's turn that
    /// changes nothing may be taken for one, which costs the fit one true sample.
    static func heldFrames(_ frames: [GreyFrame]) -> Set<Int> {
        guard frames.count >= 3 else { return [] }
        // change[k]: frame k against frame k - 1.
        let change = [0] + (1..<frames.count).map { meanDifference(frames[$0 - 1], frames[$0]) }
        var held: Set<Int> = []
        var k = 2
        while k < frames.count {
            let into = change[k - 1]
            guard into >= 0.2, change[k] < into / 5 else {
                k += 1
                continue
            }
            var end = k
            while end < frames.count, end - k < longestHold, change[end] < into / 5 { end += 1 }
            let inRun = change[k..<end].max() ?? 0
            if end < frames.count, change[end] >= 0.2, change[end] > 5 * inRun {
                held.formUnion(k..<end)
            }
            k = end + 1
        }
        return held
    }
}
