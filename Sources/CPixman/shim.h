#ifndef CARDSTACK_PIXMAN_SHIM_H
#define CARDSTACK_PIXMAN_SHIM_H
// pixman (Debian's libpixman-1-dev), which Cairo is built on: its images take a projective
// 3 x 3 transform, which Cairo's API (affine only) does not; `render` maps a card's image
// through the card's perspective with it.
#include <pixman.h>
#endif
