#ifndef CARDSTACK_CAIRO_SHIM_H
#define CARDSTACK_CAIRO_SHIM_H
// Cairo (Debian's libcairo2-dev): antialiased paths, text outlines and PNG files.
#include <cairo/cairo.h>
#endif
