// N subscribers that read as fast as they can: connects N clients, sends a subscribe line on
// each, and counts the frame lines every client receives and the gaps in their "seq".
// Stops IDLE seconds after the last frame. Prints: frames per client (min, median, max),
// clients with a gap, the duration from first to last frame, the mean frame line in bytes.
// Usage: fanout_reader SOCKET N IDLE
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b) { return *(const long *)a - *(const long *)b; }

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: fanout_reader SOCKET N IDLE\n"); return 2; }
    int n = atoi(argv[2]);
    double idle = atof(argv[3]);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strncpy(a.sun_path, argv[1], sizeof a.sun_path - 1);
    int ep = epoll_create1(0);
    long *frames = calloc(n, sizeof *frames), *last = calloc(n, sizeof *last), *gaps = calloc(n, sizeof *gaps);
    char **buf = calloc(n, sizeof *buf);
    int *fds = calloc(n, sizeof *fds);
    size_t *len = calloc(n, sizeof *len), cap = 1 << 20;
    const char *sub = "{\"cmd\":\"subscribe\",\"events\":[\"frame\"]}\n";
    for (int i = 0; i < n; i++) {
        int fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) { perror("connect"); return 1; }
        if (write(fd, sub, strlen(sub)) < 0) return 1;
        fds[i] = fd;
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = i};
        epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
        buf[i] = malloc(cap);
    }
    printf("connected\n");
    fflush(stdout);
    double first = 0, lastFrame = 0, started = now();
    long total = 0;
    double bytes = 0;
    struct epoll_event events[256];
    for (;;) {
        double t = now();
        // The first frame each subscriber gets is the current one; the run starts after it.
        if (total > n && t - lastFrame > idle) break;
        if (lastFrame == 0 && t - started > 60) break;
        int k = epoll_wait(ep, events, 256, 50);
        if (k < 0) break;
        for (int e = 0; e < k; e++) {
            int i = events[e].data.u32;
            ssize_t m = read(fds[i], buf[i] + len[i], cap - len[i]);
            if (m <= 0) continue;
            len[i] += m;
            char *start = buf[i], *end = buf[i] + len[i], *nl;
            while ((nl = memchr(start, '\n', end - start))) {
                if (nl - start > 15 && !memcmp(start, "{\"event\":\"frame\"", 16)) {
                    char *s = memmem(start, nl - start, "\"seq\":", 6);
                    long seq = s ? atol(s + 6) : 0;
                    if (last[i] && seq != last[i] + 1) gaps[i]++;
                    last[i] = seq;
                    frames[i]++;
                    bytes += nl + 1 - start;
                    total++;
                    lastFrame = now();
                    if (first == 0 && total > n) first = lastFrame;
                }
                start = nl + 1;
            }
            len[i] = end - start;
            memmove(buf[i], start, len[i]);
        }
    }
    long *sorted = malloc(n * sizeof *sorted);
    memcpy(sorted, frames, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, cmp);
    int gapped = 0;
    for (int i = 0; i < n; i++) gapped += gaps[i] > 0;
    printf("%ld %ld %ld %d %.3f %.0f\n", sorted[0], sorted[n / 2], sorted[n - 1], gapped, lastFrame - first,
           total ? bytes / total : 0);
    return 0;
}
