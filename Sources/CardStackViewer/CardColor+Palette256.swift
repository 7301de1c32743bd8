import CardLayout

extension CardColor {
    /// The nearest entry of xterm's 256-colour palette (the 6x6x6 cube or the grey ramp) to
    /// the colour's bytes; alpha plays no part.
    public var palette256: Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ v: UInt8) -> Int {
            var best = 0
            for i in levels.indices where abs(levels[i] - Int(v)) < abs(levels[best] - Int(v)) { best = i }
            return best
        }
        let (r, g, b) = (redByte, greenByte, blueByte)
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = CardColor(UInt8(levels[ri]), UInt8(levels[gi]), UInt8(levels[bi]))
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = min(max((average - 8 + 5) / 10, 0), 23)
        let greyLevel = UInt8(8 + 10 * greyIndex)
        let grey = CardColor(greyLevel, greyLevel, greyLevel)
        return distance(to: grey) < distance(to: cube) ? 232 + greyIndex : 16 + 36 * ri + 6 * gi + bi
    }

    private func distance(to o: CardColor) -> Int {
        let dr = Int(redByte) - Int(o.redByte)
        let dg = Int(greenByte) - Int(o.greenByte)
        let db = Int(blueByte) - Int(o.blueByte)
        return dr * dr + dg * dg + db * db
    }
}
