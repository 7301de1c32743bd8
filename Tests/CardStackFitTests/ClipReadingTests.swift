import CardLayout
import Testing

@testable import CardStackFit

/// What a clip is read as before any fit: its stage when it has no padding, its held frames.
@Suite struct ClipReadingTests {
    func frame(_ width: Int, _ height: Int, grey: UInt8 = 200) -> GreyFrame {
        GreyFrame(width: width, height: height, pixels: [UInt8](repeating: grey, count: width * height))
    }

    @Test func renderOwnPictureIsTheWholeStage() throws {
        // `cardstack render` of 375 × 667 pt at scale 1 for MP4: 376 × 668 (rounded up, even).
        let m = try #require(StageMapping.whole(frame(376, 668), viewport: (375, 667)))
        #expect(m.originX == 0 && m.originY == 0)
        #expect(abs(m.scale - 1) < 0.002)
        // At scale 2: 750 × 1334.
        let double = try #require(StageMapping.whole(frame(750, 1334), viewport: (375, 667)))
        #expect(abs(double.scale - 2) < 0.003)
        // Other proportions (3 pixels too wide) are not the stage.
        #expect(StageMapping.whole(frame(379, 668), viewport: (375, 667)) == nil)
        #expect(StageMapping.whole(frame(668, 376), viewport: (375, 667)) == nil)
    }

    /// A clip of a bar moving 3 pixels a frame, frames `held` repeating the one before.
    func moving(_ count: Int, held: Set<Int>, stopAt: Int = .max) -> [GreyFrame] {
        var out: [GreyFrame] = []
        var x = 0
        for k in 0..<count {
            if !held.contains(k), k > 2, k < stopAt { x += 3 }
            var f = frame(120, 20, grey: 40)
            for y in 0..<20 { for dx in 0..<10 { f.pixels[y * 120 + min(x + dx, 119)] = 220 } }
            out.append(f)
        }
        return out
    }

    @Test func framesShownAgainInsideTheMoveAreHeld() {
        #expect(ClipFit.heldFrames(moving(30, held: [10, 11, 12, 13, 20])) == [10, 11, 12, 13, 20])
        // The still start and the rest at the end are not held frames.
        #expect(ClipFit.heldFrames(moving(30, held: [], stopAt: 25)).isEmpty)
        // A run longer than the longest hold is the motion stopping.
        let long = Set(10..<(10 + ClipFit.longestHold + 1))
        #expect(ClipFit.heldFrames(moving(40, held: long)).isEmpty)
        #expect(ClipFit.heldFrames(moving(40, held: Set(10..<(10 + ClipFit.longestHold)))).count == ClipFit.longestHold)
    }
}
