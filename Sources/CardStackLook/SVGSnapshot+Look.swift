import CardLayout

/// `[card]`'s look in `snapshot --svg` (docs/viewer.md): item colours, the border as an
/// inner stroke, the shadow as an `feDropShadow` filter, the back face past 90°, and each
/// card's image as an `<image>` placed by the affine map through three of the quad's
/// corners (top-left, top-right, bottom-left; SVG transforms are affine only) and clipped
/// to the exact quad. Corners are not rounded in the SVG.
extension SVGSnapshot {
    /// One card with the look; `image` is the file its image comes from, if any.
    static func card(_ card: CardPlacement, quad: [Point], look c: Parameters.Card, image: String?, id: Int) -> String {
        let away = CardPlacement.facesAway(quad)
        let back = c.back ?? CardLook.back
        if away, back == CardBack.none { return "" }
        let points = quad.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        let backColor = away && back == .color
        let own = c.colors.flatMap { $0.isEmpty ? nil : $0[card.item % $0.count] }
        let fill =
            backColor ? (c.backColor ?? own ?? CardLook.css(item: card.item)) : (own ?? CardLook.css(item: card.item))
        var out = "<g opacity=\"\(n(card.alpha))\">"
        out += "<clipPath id=\"card-\(id)\"><polygon points=\"\(points)\"/></clipPath>"
        var filter = ""
        if let opacity = c.shadowOpacity, opacity > 0 {
            let o = c.shadowOffset ?? Parameters.Card.defaultShadowOffset
            let radius = c.shadowRadius ?? Parameters.Card.defaultShadowRadius
            out +=
                "<filter id=\"shadow-\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feDropShadow dx=\"\(n(o[0] * card.scale))\" dy=\"\(n(o[1] * card.scale))\" stdDeviation=\"\(n(radius * card.scale / 2))\" flood-color=\"\(escape(String((c.shadowColor ?? "#000000").prefix(7))))\" flood-opacity=\"\(n(opacity))\"/></filter>"
            filter = " filter=\"url(#shadow-\(id))\""
        }
        out += "<polygon points=\"\(points)\" fill=\"\(escape(fill))\"\(filter)/>"
        if !backColor, let image {
            let (w, h) = card.size
            let (p0, p1, p3) = (quad[0], quad[1], quad[3])
            let (a, b) = ((p1.x - p0.x) / w, (p1.y - p0.y) / w)
            let (cc, d) = ((p3.x - p0.x) / h, (p3.y - p0.y) / h)
            out +=
                "<image href=\"\(escape(fileURL(image)))\" x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" preserveAspectRatio=\"xMidYMid slice\" clip-path=\"url(#card-\(id))\" transform=\"matrix(\(n(a)) \(n(b)) \(n(cc)) \(n(d)) \(n(p0.x)) \(n(p0.y)))\"/>"
        }
        if let border = c.resolvedBorderWidth, border > 0 {
            // A stroke is centred on the outline: twice as wide, clipped to the inside.
            out +=
                "<polygon points=\"\(points)\" fill=\"none\" stroke=\"\(escape(c.borderColor ?? "#000000"))\" stroke-width=\"\(n(2 * border * card.scale))\" clip-path=\"url(#card-\(id))\"/>"
        }
        if !backColor {
            let cx = quad.map(\.x).reduce(0, +) / 4
            let cy = quad.map(\.y).reduce(0, +) / 4
            let size = max(6, min(card.size.height * card.scale / 8, 48))
            out +=
                "<text x=\"\(n(cx))\" y=\"\(n(cy))\" font-family=\"sans-serif\" font-size=\"\(n(size))\" text-anchor=\"middle\" dominant-baseline=\"middle\" fill=\"#fff\">\(escape(card.title))</text>"
        }
        return out + "</g>\n"
    }

    static func fileURL(_ path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isLetter && byte < 128 || c.isNumber && byte < 128 || "/-._~".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
