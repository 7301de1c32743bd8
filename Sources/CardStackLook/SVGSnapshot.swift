import CardLayout

/// A frame as an SVG picture: one polygon per card, back to front, with its alpha and title,
/// in the page's colours (``CardLook``).
public enum SVGSnapshot {
    /// - Parameters:
    ///   - look: `[card]` of the parameters in force; its look is drawn when any key is set.
    ///   - images: the files `card.images` names, resolved (item k shows file k mod n).
    public static func render(_ frame: Frame, look: Parameters.Card? = nil, images: [String] = []) -> String {
        let (w, h) = frame.viewport
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(n(w)) \(n(h))" width="\(n(w))" height="\(n(h))">
            <title>cardstack \(frame.style.rawValue) at offset \(n(frame.offset)), front item \(frame.front)</title>
            <rect width="100%" height="100%" fill="\(CardLook.hex(CardLook.background))"/>

            """
        for (slot, card) in frame.cards.enumerated() {
            guard let quad = card.quad else { continue }
            if let look, look.hasLook {
                let image = images.isEmpty ? nil : images[card.item % images.count]
                out += Self.card(card, quad: quad, look: look, image: image, id: slot)
                continue
            }
            let points = quad.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            let fill = CardLook.css(item: card.item)
            out +=
                "<g opacity=\"\(n(card.alpha))\"><polygon points=\"\(points)\" fill=\"\(fill)\" stroke=\"#000\" stroke-opacity=\"\(n(CardLook.edgeOpacity))\" stroke-width=\"\(n(CardLook.edgeWidth))\"/>"
            // Turned past 90°, the card shows its back (``CardLook/back``): no title.
            guard !CardPlacement.facesAway(quad) else {
                out += "</g>\n"
                continue
            }
            let cx = quad.map(\.x).reduce(0, +) / 4
            let cy = quad.map(\.y).reduce(0, +) / 4
            let size = max(6, min(card.size.height * card.scale / 8, 48))
            out +=
                "<text x=\"\(n(cx))\" y=\"\(n(cy))\" font-family=\"sans-serif\" font-size=\"\(n(size))\" text-anchor=\"middle\" dominant-baseline=\"middle\" fill=\"#fff\">\(escape(card.title))</text></g>\n"
        }
        if let reveal = frame.reveal {
            // The circle reveal as the seed draws it: the opened card's detail view (its
            // colour over the whole viewport, its title) through a circular mask.
            let title =
                frame.cards.first { $0.item == reveal.item }?.title ?? CardLook.placeholderTitle(item: reveal.item)
            out +=
                "<clipPath id=\"reveal-mask\"><circle class=\"reveal\" data-item=\"\(reveal.item)\" cx=\"\(n(reveal.center.x))\" cy=\"\(n(reveal.center.y))\" r=\"\(n(max(reveal.radius, 0)))\"/></clipPath>\n"
            out +=
                "<g class=\"detail\" clip-path=\"url(#reveal-mask)\"><rect width=\"\(n(w))\" height=\"\(n(h))\" "
                + "fill=\"\(CardLook.css(item: reveal.item))\"/>"
                + "<text x=\"\(n(w / 2))\" y=\"\(n(h / 2))\" font-family=\"sans-serif\" font-size=\"\(n(CardLook.detailTitleSize(width: w, height: h)))\" "
                + "font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"middle\" fill=\"#fff\">\(escape(title))</text></g>\n"
        }
        return out + "</svg>\n"
    }

    static func n(_ x: Double) -> String {
        let rounded = (x * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }

    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
