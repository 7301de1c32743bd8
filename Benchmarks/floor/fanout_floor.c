// The floor of frame fan-out: a plain C server that writes one line of BYTES bytes, shaped
// like cardstackd's ({"event":"frame","seq":K,…}), to each of N clients, FPS times a
// second, for SECONDS. A client whose previous line is still unsent skips a frame, as
// cardstackd's outbox does. Prints its CPU seconds.
// Usage: fanout_floor SOCKET N FPS SECONDS BYTES
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: fanout_floor SOCKET N FPS SECONDS BYTES\n"); return 2; }
    int n = atoi(argv[2]), fps = atoi(argv[3]), bytes = atoi(argv[5]);
    double seconds = atof(argv[4]);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strncpy(a.sun_path, argv[1], sizeof a.sun_path - 1);
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (bind(s, (struct sockaddr *)&a, sizeof a) < 0 || listen(s, 4096) < 0) { perror("bind"); return 1; }
    int *fd = calloc(n, sizeof *fd), *sent = calloc(n, sizeof *sent);
    char **line = calloc(n, sizeof *line);
    for (int i = 0; i < n; i++) {
        fd[i] = accept(s, NULL, NULL);
        fcntl(fd[i], F_SETFL, O_NONBLOCK);
        line[i] = malloc(bytes + 64);
        sent[i] = -1;
    }
    char *frame = malloc(bytes + 64);
    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    double start = now();
    for (long k = 1; now() - start < seconds; k++) {
        int head = snprintf(frame, 64, "{\"event\":\"frame\",\"seq\":%ld,\"revision\":1,\"frame\":\"", k);
        memset(frame + head, 'x', bytes - head - 3);
        memcpy(frame + bytes - 3, "\"}\n", 3);
        for (int i = 0; i < n; i++) {
            if (sent[i] >= 0) {  // finish the previous line first; this frame is skipped
                ssize_t w = write(fd[i], line[i] + sent[i], bytes - sent[i]);
                if (w > 0) sent[i] += w;
                if (sent[i] == bytes) sent[i] = -1;
                continue;
            }
            ssize_t w = write(fd[i], frame, bytes);
            if (w < 0) w = 0;
            if (w < bytes) { memcpy(line[i], frame, bytes); sent[i] = w; }
        }
        double due = start + (double)k / fps, left = due - now();
        if (left > 0) { struct timespec t = {0, (long)(left * 1e9)}; nanosleep(&t, NULL); }
    }
    getrusage(RUSAGE_SELF, &after);
    double cpu = (after.ru_utime.tv_sec - before.ru_utime.tv_sec) + (after.ru_stime.tv_sec - before.ru_stime.tv_sec)
        + ((after.ru_utime.tv_usec - before.ru_utime.tv_usec) + (after.ru_stime.tv_usec - before.ru_stime.tv_usec)) / 1e6;
    printf("%.3f\n", cpu);
    for (int i = 0; i < n; i++) close(fd[i]);
    return 0;
}
