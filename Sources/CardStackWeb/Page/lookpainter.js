// cardstack web: the look of `[card]` on a View's stage cards (docs/parameters.md, "The
// look"), by the rules looks.js holds for both painters: colours or images (loaded off screen,
// a broken one keeps the last good and says why), corners, border, shadow, and the back.
import { TOKEN } from "./config.js";
import { facesAway } from "./homography.js";
import { backOf, lookOf, lookStyle } from "./looks.js";

export class LookPainter {
  constructor(view) {
    this.view = view;
    this.problems = new Map();  // item -> why its image did not load
  }

  // The look keys of the parameters in force.
  look() {
    const params = this.view.params;
    return lookOf(params && params.params);
  }

  // What a card's written look depends on: the look, and the revision and images_version
  // (which grows when the daemon sees an image file change).
  key(look) {
    const p = this.view.params;
    return JSON.stringify(look) + (p ? `|${p.revision}.${p.images_version || 0}` : "");
  }

  // Why images did not load, one sentence each.
  problemList() {
    return [...new Set(this.problems.values())];
  }

  // Writes a card's look when the look or the side it shows changed: the image and colours
  // on its own element (so they follow its 3D transform), its back past 90° as configured.
  apply(e, card, look, lookKey) {
    const away = backOf(look) === "color" && facesAway(card.quad);
    const key = `${lookKey}|${away}`;
    if (e.look === key) return;
    e.look = key;
    const url = look.images ? this.imageURL(card.item) : null;
    if (url) this.loadImage(e, url); else e.imageShown = null;
    const style = lookStyle(look, card.item, e.imageShown);
    const s = e.style;
    s.background = away ? style.backColor : style.background;
    s.backgroundImage = away || !e.imageShown ? "" : style.backgroundImage;
    s.backgroundSize = "cover";
    s.backgroundPosition = "center";
    s.borderRadius = style.borderRadius;
    s.boxShadow = style.boxShadow;
    s.backfaceVisibility = style.backfaceVisibility;
    s.color = away ? "transparent" : "";
    e.dataset.face = away ? "back" : "front";
  }

  // Item `item`'s image; `r` (the revision and `images_version`) makes a new URL whenever an
  // image may have changed.
  imageURL(item) {
    const p = this.view.params || {};
    return `/image/${item}?token=${encodeURIComponent(TOKEN)}&daemon=${this.view.index}&r=${p.revision || 0}.${p.images_version || 0}`;
  }

  // Loads `url` off screen and only then shows it: an image that does not load (missing,
  // corrupt, too large: the bridge's 404 says which file and why) keeps the card's last
  // good one, and its reason shows with the warnings.
  loadImage(e, url) {
    if (e.imageWanted === url) return;
    e.imageWanted = url;
    const img = new Image();
    img.onload = () => {
      if (e.imageWanted !== url) return;
      e.imageShown = url;
      this.problems.delete(e.dataset.item);
      e.look = null;
      if (this.view.stage.shown) this.restyle();
      this.showProblems();
    };
    img.onerror = () => {
      if (e.imageWanted !== url) return;
      fetch(url, { cache: "no-store" }).then((r) => r.text()).then((text) => {
        if (e.imageWanted !== url) return;
        this.problems.set(e.dataset.item, `card.images: ${text.trim()}`);
        this.showProblems();
      }).catch(() => {});
    };
    img.src = url;
  }

  showProblems() {
    const list = this.problemList();
    this.view.stage.element.dataset.imageProblems = JSON.stringify(list);
    const params = this.view.params;
    this.view.panel.showWarnings(((params && params.warnings) || []).concat(list));
  }

  // The look again on the frame shown, after the parameters changed: the daemon may send no
  // new frame when only the look did.
  restyle() {
    const stage = this.view.stage;
    const look = this.look();
    const lookKey = this.key(look);
    for (const card of stage.shown.cards) {
      const e = stage.cards.get(card.item);
      if (e) this.apply(e, card, look, lookKey);
    }
  }
}
