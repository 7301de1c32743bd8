#ifndef CARDSTACK_INOTIFYTOOLS_SHIM_H
#define CARDSTACK_INOTIFYTOOLS_SHIM_H
#include <sys/inotify.h>
#include <inotifytools/inotifytools.h>

/// Swift cannot see the flexible array member `inotify_event.name`.
static inline const char *cardstack_event_name(const struct inotify_event *event) {
    return event->len > 0 ? event->name : "";
}
#endif
