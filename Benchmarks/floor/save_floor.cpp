// The floor of save -> event, doing the work the daemon must do and nothing more: inotify on
// the directory, re-read the file, parse it with the daemon's own parser build, and write the
// parsed table as one JSON line to a connected Unix socket. A file that does not parse is
// reported as an error line, as the daemon reports a config_error.
//
// The parser is not compiled here: bench.py links the object file SwiftPM built for the
// daemon (CTOMLReader.build/TOMLReader.cpp.o in the release build), so the floor runs toml++
// with exactly the daemon's configuration (NDEBUG, no exceptions, floats through
// std::from_chars), compiler and optimisation flags.
// Usage: save_floor DIR NAME SOCKET (accepts one client).
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <fcntl.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "CTOMLReader.h"

namespace {

void string_value(std::string &out, const char *text, size_t length) {
    out += '"';
    for (size_t i = 0; i < length; i++) {
        auto ch = static_cast<unsigned char>(text[i]);
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += static_cast<char>(ch);
        } else if (ch < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", ch);
            out += escaped;
        } else {
            out += static_cast<char>(ch);
        }
    }
    out += '"';
}

// Writes the node at `i` (and its children) and returns the index after them.
size_t node_value(std::string &out, const cs_toml_node *nodes, size_t i) {
    const cs_toml_node &node = nodes[i];
    char number[32];
    switch (node.kind) {
    case CS_TOML_TABLE:
    case CS_TOML_ARRAY: {
        bool table = node.kind == CS_TOML_TABLE;
        out += table ? '{' : '[';
        size_t next = i + 1;
        for (int32_t child = 0; child < node.children; child++) {
            if (child) out += ',';
            if (table) {
                string_value(out, nodes[next].key, nodes[next].key_length);
                out += ':';
            }
            next = node_value(out, nodes, next);
        }
        out += table ? '}' : ']';
        return next;
    }
    case CS_TOML_INTEGER:
        out.append(number, std::to_chars(number, number + sizeof number, node.integer).ptr);
        break;
    case CS_TOML_FLOAT:
        if (!std::isfinite(node.number)) {  // JSON has no infinity: null, as get_params says
            out += "null";
            break;
        }
        out.append(number, std::to_chars(number, number + sizeof number, node.number).ptr);
        break;
    case CS_TOML_BOOLEAN:
        out += node.boolean ? "true" : "false";
        break;
    default:
        string_value(out, node.text, node.text_length);
    }
    return i + 1;
}

}  // namespace

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
    std::string out;
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
            out.clear();
            cs_toml_document *document = cs_toml_parse(file, static_cast<size_t>(m), 16);
            int32_t line = 0, column = 0;
            if (!document) return 1;
            if (cs_toml_error(document, &line, &column)) {
                out = "{\"error\":\"line " + std::to_string(line) + "\"}";
            } else {
                size_t count = 0;
                node_value(out, cs_toml_nodes(document, &count), 0);
            }
            cs_toml_free(document);
            out += '\n';
            if (write(c, out.data(), out.size()) < 0) return 0;
        }
    }
}
