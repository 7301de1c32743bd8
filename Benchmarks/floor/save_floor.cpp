// The floor of save -> event, doing the work the daemon must do and nothing more: inotify on
// the directory, re-read the file, parse it with toml++ (the parser cardstackd uses), and write
// the parsed table as one JSON line to a connected Unix socket. A file that does not parse is
// reported as an error line, as the daemon reports a config_error.
// Usage: save_floor DIR NAME SOCKET (accepts one client).
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <fcntl.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <toml++/toml.h>

int main(int argc, char **argv) {
    if (argc != 4) { std::fprintf(stderr, "usage: save_floor DIR NAME SOCKET\n"); return 2; }
    int in = inotify_init1(IN_CLOEXEC);
    if (in < 0 || inotify_add_watch(in, argv[1], IN_CLOSE_WRITE | IN_MOVED_TO) < 0) { std::perror("inotify"); return 1; }
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    std::strncpy(a.sun_path, argv[3], sizeof a.sun_path - 1);
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (bind(s, reinterpret_cast<sockaddr *>(&a), sizeof a) < 0 || listen(s, 1) < 0) { std::perror("bind"); return 1; }
    int c = accept(s, nullptr, nullptr);
    alignas(inotify_event) static char events[65536];
    static char file[1 << 20];
    std::string path = std::string(argv[1]) + "/" + argv[2];
    for (;;) {
        ssize_t n = read(in, events, sizeof events);
        if (n <= 0) return 0;
        for (char *p = events; p < events + n;) {
            auto *e = reinterpret_cast<inotify_event *>(p);
            p += sizeof *e + e->len;
            if (!e->len || std::strcmp(e->name, argv[2])) continue;
            int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0) continue;
            ssize_t m = read(fd, file, sizeof file);
            close(fd);
            if (m < 0) continue;
            std::ostringstream line;
            try {
                toml::table table = toml::parse(std::string_view(file, static_cast<size_t>(m)));
                line << toml::json_formatter{table, toml::format_flags::none};
            } catch (const toml::parse_error &error) {
                line << "{\"error\":\"line " << error.source().begin.line << "\"}";
            }
            std::string out = line.str();
            for (char &ch : out) if (ch == '\n') ch = ' ';
            out += '\n';
            if (write(c, out.data(), out.size()) < 0) return 0;
        }
    }
}
