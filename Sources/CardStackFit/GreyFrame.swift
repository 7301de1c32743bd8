/// One frame of a clip in grey levels, row by row from the top left: what the tracker reads.
public struct GreyFrame: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "a grey frame holds width × height bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The grey level at (`x`, `y`), the nearest edge pixel outside the frame.
    @inline(__always) func at(_ x: Int, _ y: Int) -> Double {
        Double(pixels[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)])
    }

    /// The grey level at a point between pixels (bilinear).
    func sample(_ x: Double, _ y: Double) -> Double {
        // Points beyond the edge read the edge: held to a pixel outside it (and a NaN to the
        // corner) before they become whole numbers, so no value can overflow an Int.
        let x = x.isNaN ? 0 : min(max(x, -1), Double(width))
        let y = y.isNaN ? 0 : min(max(y, -1), Double(height))
        let x0 = Int(x.rounded(.down))
        let y0 = Int(y.rounded(.down))
        let fx = x - Double(x0)
        let fy = y - Double(y0)
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}

/// Where the stage sits in a clip: clip pixel = `origin` + `scale` × stage point.
public struct StageMapping: Sendable, Equatable {
    public var originX: Double
    public var originY: Double
    /// Clip pixels per stage point.
    public var scale: Double

    public init(originX: Double, originY: Double, scale: Double) {
        self.originX = originX
        self.originY = originY
        self.scale = scale
    }

    public func clip(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (originX + scale * p.x, originY + scale * p.y)
    }

    public func stage(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        ((x - originX) / scale, (y - originY) / scale)
    }

    /// The stage of a `viewport`-sized picture found in `frame`: the box of pixels that
    /// differ from the frame's corner (the padding around a scaled, offset clip), its width
    /// and height in the viewport's proportions. Nil when there is no such box (no padding
    /// with a colour of its own, or a box of other proportions).
    public static func find(in frame: GreyFrame, viewport: (width: Double, height: Double)) -> StageMapping? {
        let pad = frame.at(0, 0)
        func box(_ inside: (Double) -> Bool) -> (left: Int, right: Int, top: Int, bottom: Int) {
            var (left, right, top, bottom) = (frame.width, -1, frame.height, -1)
            for y in 0..<frame.height {
                for x in 0..<frame.width where inside(frame.at(x, y)) {
                    left = min(left, x)
                    right = max(right, x)
                    top = min(top, y)
                    bottom = max(bottom, y)
                }
            }
            return (left, right, top, bottom)
        }
        // First every pixel unlike the padding; then, with the stage's own colour read just
        // inside that box's corner, the pixels at least half-way from the padding's grey to
        // the stage's: an edge blurred across two pixels by scaling counts once.
        let rough = box { abs($0 - pad) > 12 }
        guard rough.right > rough.left + 4, rough.bottom > rough.top + 4 else { return nil }
        let stage = frame.at(rough.left + 3, rough.top + 3)
        guard abs(stage - pad) > 24 else { return nil }
        let (left, right, top, bottom) = box { abs($0 - pad) >= abs(stage - pad) / 2 }
        guard right > left, bottom > top else { return nil }
        let width = Double(right - left + 1)
        let height = Double(bottom - top + 1)
        let sx = width / viewport.width
        let sy = height / viewport.height
        guard abs(sx / sy - 1) < 0.03 else { return nil }
        let scale = (sx + sy) / 2
        return StageMapping(
            originX: Double(left) + (width - scale * viewport.width) / 2,
            originY: Double(top) + (height - scale * viewport.height) / 2, scale: scale)
    }

    /// The stage as the whole picture, when the picture has the viewport's proportions: a
    /// clip rendered by cardstack, or a screen recording cropped to the stage, has no
    /// padding to find it by. `cardstack render` makes a picture of the stage's size times
    /// its scale rounded up, plus a spare pixel of background where a video needs an even
    /// side: each side is then 0 to 2 pixels more than the stage's. The scale is the middle
    /// of those both sides allow (nil when none does: other proportions), the stage placed
    /// as `render` places it.
    public static func whole(_ frame: GreyFrame, viewport: (width: Double, height: Double)) -> StageMapping? {
        guard viewport.width > 0, viewport.height > 0 else { return nil }
        let w = Double(frame.width)
        let h = Double(frame.height)
        let low = max((w - 2) / viewport.width, (h - 2) / viewport.height)
        let high = min(w / viewport.width, h / viewport.height)
        guard low <= high, high > 0 else { return nil }
        let scale = (low + high) / 2
        return StageMapping(
            originX: ((w - scale * viewport.width) / 2).rounded(.down),
            originY: ((h - scale * viewport.height) / 2).rounded(.down), scale: scale)
    }
}
