// The physical floor of save -> event: inotify on the directory, re-read the file, write it
// to a connected Unix socket. Usage: save_floor DIR NAME SOCKET (accepts one client).
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <fcntl.h>

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: save_floor DIR NAME SOCKET\n"); return 2; }
    int in = inotify_init1(IN_CLOEXEC);
    if (in < 0 || inotify_add_watch(in, argv[1], IN_CLOSE_WRITE | IN_MOVED_TO) < 0) { perror("inotify"); return 1; }
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strncpy(a.sun_path, argv[3], sizeof a.sun_path - 1);
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (bind(s, (struct sockaddr *)&a, sizeof a) < 0 || listen(s, 1) < 0) { perror("bind"); return 1; }
    int c = accept(s, NULL, NULL);
    char events[65536] __attribute__((aligned(8))), file[1 << 20];
    for (;;) {
        ssize_t n = read(in, events, sizeof events);
        if (n <= 0) return 0;
        for (char *p = events; p < events + n;) {
            struct inotify_event *e = (struct inotify_event *)p;
            p += sizeof *e + e->len;
            if (!e->len || strcmp(e->name, argv[2])) continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[1], argv[2]);
            int fd = open(path, O_RDONLY);
            if (fd < 0) continue;
            ssize_t m = read(fd, file, sizeof file - 1);
            close(fd);
            if (m < 0) continue;
            for (ssize_t i = 0; i < m; i++) if (file[i] == '\n') file[i] = ' ';
            file[m] = '\n';
            if (write(c, file, m + 1) < 0) return 0;
        }
    }
}
