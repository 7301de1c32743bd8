/// Config/cardstack.toml, as the daemon reads it on every save.
let defaultConfigText = """
    # cardstack parameter file: the defaults, which reproduce CardsAnimationDemo's card stack
    # (adow/CardsAnimationDemo, CardsCollectionViewLayout.swift). Every key is optional; a key
    # left out takes the value shown here. cardstackd reloads this file on every save.
    # Units are points (pt) unless noted. Check a file with: cardstack frame --config FILE

    [layout]
    # Which card animation: stack (the reference, docs/layouts.md §1), flip, coverflow, coverflow2, linear,
    # rotary, inverted_rotary, cylinder, inverted_cylinder, wheel, inverted_wheel, time_machine,
    # inverted_time_machine, switcher9, switcher7 or zoom_flow. Config/presets/ has a file per
    # style with its source's own numbers.
    style = "stack"
    # Distinct cards in the deck, 1...1000000. 11 = the seed's 11 images: no item shows twice
    # while the front card of a 10-deep stack flips.
    cards = 11
    # Endless scrolling: the offset wraps modulo cards * spacing. Default: true for stack, flip
    # and the circular carousels (rotary, cylinder, wheel and their inverted forms).
    wrap = true
    # Points of scroll per card, and the y step between resting cards; > 0 (at most 100000).
    # Seed: y_distance_in_cells = 30. Snap points are multiples of it.
    spacing = 30.0
    # Ratio and scale difference between adjacent cards, in (0, 1]. Seed: 1 - 0.1 * row.
    scale_step = 0.1
    # Perspective entry of the transform, -1 / eye distance in points, in [-0.1, 0.1].
    # Seed: makePerspectiveTransform, m34 = 1 / -2000.
    m34 = -0.0005
    # Ratio interval [f0, f1] over which the front card flips down (0 to -179.999 degrees)
    # and fades out; 0 <= f0 < f1 (at most 1000). Seed: 1.0 to 1.1.
    flip_range = [1.0, 1.1]

    [card]
    # Card size in points, each in (0, 100000]. 300 x 200 is CardsAnimationDemo's own card:
    # at rest the top 10 pt of each card behind shows above the one in front.
    width = 300.0
    height = 200.0
    # Rotation and scale pivot in unit card coordinates, each in [0, 1]. Default for stack and
    # flip: the bottom edge's centre, [0.5, 1.0] (CardsCollectionViewCell.applyLayoutAttributes);
    # [0.5, 0.5] for the others.
    anchor = [0.5, 1.0]
    # Labels: item k shows titles[k % count], or its number k + 1 when the list is empty.
    titles = []

    [viewport]
    # The area the cards are laid out in, in points, each in (0, 100000]. 375 x 667 is an
    # iPhone 8 screen.
    width = 375.0
    height = 667.0

    [animation]
    # Frames per second while animating, 1...240.
    fps = 60
    # Fling velocity kept per millisecond, in (0, 1). 0.998 is UIScrollView's "normal" rate,
    # which the seed ends up with.
    deceleration = 0.998
    # Come to rest on a multiple of spacing (the seed's targetContentOffsetForProposedContentOffset).
    snap = true
    """
