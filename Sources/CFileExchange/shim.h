#ifndef CARDSTACK_FILE_EXCHANGE_SHIM_H
#define CARDSTACK_FILE_EXCHANGE_SHIM_H
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/// Swaps the directory entries `a` and `b` in one step (renameat2 with RENAME_EXCHANGE,
/// Linux 3.15): both must exist. Glibc declares renameat2 only under _GNU_SOURCE, which
/// Swift's Glibc module does not set, so this calls the system call itself.
/// Returns 0, or -1 with errno set (EINVAL: the file system cannot exchange).
static inline int cardstack_rename_exchange(const char *a, const char *b) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// The type of the file system holding `path` (statfs' f_type, a magic number of
/// linux/magic.h), or 0 with errno set. Swift's Glibc module leaves out <sys/vfs.h>.
static inline unsigned long cardstack_file_system_type(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return 0;
    return (unsigned long)info.f_type;
}
#endif
