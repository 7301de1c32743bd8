// Assertions inside toml++ would abort the daemon on malformed input (a `[|ayout]` header):
// with NDEBUG they are off and the parser reports the error instead. Set here, not in the
// build settings, so it holds however the package is built.
#ifndef NDEBUG
#define NDEBUG 1
#endif
#define TOML_EXCEPTIONS 0
// Decimal floats through std::from_chars (correctly rounded, as the stream toml++ otherwise
// builds for every float, at a fraction of the cost: it was 40 % of a save's parse). toml++
// turns it off for Clang and GCC by default; libstdc++ has had it since GCC 11. One
// difference: a value that underflows to zero (1e-400) is refused, as one that overflows is.
#define TOML_FLOAT_CHARCONV 1
#define TOML_ENABLE_FORMATTERS 0
#define TOML_ENABLE_WINDOWS_COMPAT 0
#if !__has_include(<toml++/toml.h>)
#error "toml++ is missing: run `make deps` (or apt-get install libtomlplusplus-dev)"
#endif
#include <toml++/toml.h>

#include <pthread.h>

#include <algorithm>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "CTOMLReader.h"

struct cs_toml_document {
    toml::table root;
    std::vector<cs_toml_node> nodes;
    std::string error;
    bool failed = false;
    int32_t error_line = 0;
    int32_t error_column = 0;
};

namespace {

int32_t clamp(toml::source_index index) {
    return index > 0x7fffffff ? 0x7fffffff : static_cast<int32_t>(index);
}

cs_toml_node make_node(const toml::node &value, const toml::key *key) {
    cs_toml_node node{};
    node.line = clamp(value.source().begin.line);
    node.column = clamp(value.source().begin.column);
    if (key) {
        node.key = key->str().data();
        node.key_length = key->str().size();
        node.key_line = clamp(key->source().begin.line);
        node.key_column = clamp(key->source().begin.column);
    }
    switch (value.type()) {
    case toml::node_type::table:
        node.kind = CS_TOML_TABLE;
        node.children = static_cast<int32_t>(value.as_table()->size());
        break;
    case toml::node_type::array:
        node.kind = CS_TOML_ARRAY;
        node.children = static_cast<int32_t>(value.as_array()->size());
        break;
    case toml::node_type::integer:
        node.kind = CS_TOML_INTEGER;
        node.integer = value.as_integer()->get();
        break;
    case toml::node_type::floating_point:
        node.kind = CS_TOML_FLOAT;
        node.number = value.as_floating_point()->get();
        break;
    case toml::node_type::boolean:
        node.kind = CS_TOML_BOOLEAN;
        node.boolean = value.as_boolean()->get() ? 1 : 0;
        break;
    case toml::node_type::string:
        node.kind = CS_TOML_STRING;
        node.text = value.as_string()->get().data();
        node.text_length = value.as_string()->get().size();
        break;
    case toml::node_type::date: node.kind = CS_TOML_DATE; break;
    case toml::node_type::time: node.kind = CS_TOML_TIME; break;
    default: node.kind = CS_TOML_DATE_TIME; break;
    }
    return node;
}

/// Flattens the tree in pre-order without recursion; false (and the error set) when a
/// value sits deeper than `max_depth`.
bool flatten(cs_toml_document &document, int32_t max_depth) {
    struct Pending {
        const toml::node *value;
        const toml::key *key;
        int32_t depth;
    };
    std::vector<Pending> stack{{&document.root, nullptr, 0}};
    while (!stack.empty()) {
        Pending next = stack.back();
        stack.pop_back();
        if (next.depth > max_depth) {
            const toml::source_position where = next.key ? next.key->source().begin : next.value->source().begin;
            document.failed = true;
            document.error = "keys and values nest more than " + std::to_string(max_depth)
                + " levels deep here; a parameter file needs at most 3";
            document.error_line = clamp(where.line);
            document.error_column = clamp(where.column);
            document.nodes.clear();
            return false;
        }
        document.nodes.push_back(make_node(*next.value, next.key));
        // Pushed in reverse so they come off the stack in order.
        if (const toml::table *table = next.value->as_table()) {
            std::vector<Pending> children;
            children.reserve(table->size());
            for (auto &&[key, child] : *table) children.push_back({&child, &key, next.depth + 1});
            stack.insert(stack.end(), children.rbegin(), children.rend());
        } else if (const toml::array *array = next.value->as_array()) {
            for (size_t i = array->size(); i > 0; i--) stack.push_back({array->get(i - 1), nullptr, next.depth + 1});
        }
    }
    return true;
}

/// Takes a tree apart level by level, so a deep one (a 100 000-part dotted key) is not
/// destroyed by recursion, which would overflow the stack.
void dismantle(toml::table &&root) {
    std::vector<toml::table> tables;
    std::vector<toml::array> arrays;
    tables.push_back(std::move(root));
    while (!tables.empty() || !arrays.empty()) {
        std::vector<toml::table> nested_tables;
        std::vector<toml::array> nested_arrays;
        auto take = [&](toml::node &child) {
            if (toml::table *t = child.as_table(); t && !t->empty()) nested_tables.push_back(std::move(*t));
            else if (toml::array *a = child.as_array(); a && !a->empty()) nested_arrays.push_back(std::move(*a));
        };
        for (toml::table &table : tables)
            for (auto &&[key, child] : table) take(child);
        for (toml::array &array : arrays)
            for (toml::node &child : array) take(child);
        tables = std::move(nested_tables);
        arrays = std::move(nested_arrays);
    }
}

} // namespace

namespace {

struct ParseJob {
    std::string_view text;
    int32_t max_depth;
    cs_toml_document *document;
};

void parse_into(ParseJob &job) {
    cs_toml_document &document = *job.document;
    toml::parse_result result = toml::parse(job.text);
    if (!result) {
        const toml::parse_error &error = result.error();
        document.failed = true;
        document.error = std::string(error.description());
        document.error_line = clamp(error.source().begin.line);
        document.error_column = clamp(error.source().begin.column);
        return;
    }
    document.root = std::move(result).table();
    flatten(document, job.max_depth);
}

void *parse_job(void *job) {
    parse_into(*static_cast<ParseJob *>(job));
    return nullptr;
}

/// Nesting can be no deeper than the dots, brackets and braces in the text.
size_t nesting_bound(std::string_view text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return c == '.' || c == '[' || c == '{';
    }));
}

} // namespace

extern "C" cs_toml_document *cs_toml_parse(const char *text, size_t length, int32_t max_depth) {
    cs_toml_document *document = new (std::nothrow) cs_toml_document();
    if (!document) return nullptr;
    ParseJob job{std::string_view(text, length), max_depth, document};
    // toml++ frees a tree it gave up on recursively: a text that could nest thousands of
    // levels deep is parsed on a thread whose stack is large enough for the largest file
    // (its pages are only touched as deep as the text really nests).
    if (nesting_bound(job.text) < 1000) {
        parse_into(job);
        return document;
    }
    pthread_attr_t attributes;
    pthread_t thread;
    bool started = pthread_attr_init(&attributes) == 0
        && pthread_attr_setstacksize(&attributes, size_t(1) << 30) == 0
        && pthread_create(&thread, &attributes, parse_job, &job) == 0;
    pthread_attr_destroy(&attributes);
    if (!started) {
        document->failed = true;
        document->error = "the file nests too deeply to be read safely";
        return document;
    }
    pthread_join(thread, nullptr);
    return document;
}

extern "C" const char *cs_toml_error(const cs_toml_document *document, int32_t *line, int32_t *column) {
    if (!document->failed) return nullptr;
    if (line) *line = document->error_line;
    if (column) *column = document->error_column;
    return document->error.c_str();
}

extern "C" const cs_toml_node *cs_toml_nodes(const cs_toml_document *document, size_t *count) {
    *count = document->nodes.size();
    return document->nodes.data();
}

extern "C" void cs_toml_free(cs_toml_document *document) {
    if (!document) return;
    dismantle(std::move(document->root));
    delete document;
}
