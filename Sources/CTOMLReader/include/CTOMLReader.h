// A TOML parser for Swift: toml++ compiled with NDEBUG (so bad input is an error, never an
// assertion failure), giving back the whole document as a flat list of nodes with the line
// and column of every key and value.
#ifndef CTOMLREADER_H
#define CTOMLREADER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CS_TOML_TABLE = 0,
    CS_TOML_ARRAY = 1,
    CS_TOML_INTEGER = 2,
    CS_TOML_FLOAT = 3,
    CS_TOML_BOOLEAN = 4,
    CS_TOML_STRING = 5,
    CS_TOML_DATE = 6,
    CS_TOML_TIME = 7,
    CS_TOML_DATE_TIME = 8,
} cs_toml_kind;

/// One key or value. Nodes are in pre-order: a table or array is followed by its
/// `children` direct children, each followed by its own children.
typedef struct {
    int32_t kind;
    int32_t children;
    int64_t integer;
    double number;
    int32_t boolean;
    /// The key in the parent table (NULL for the root and array elements), not NUL-terminated.
    const char *key;
    size_t key_length;
    /// A string value's UTF-8 bytes, not NUL-terminated.
    const char *text;
    size_t text_length;
    /// Where the value starts and where its key starts, counted from 1 (0: unknown).
    int32_t line, column;
    int32_t key_line, key_column;
} cs_toml_node;

typedef struct cs_toml_document cs_toml_document;

/// Parses `length` bytes of UTF-8 text. Values nested deeper than `max_depth` (dotted keys,
/// tables, arrays) make it an error. NULL only when memory runs out.
cs_toml_document *cs_toml_parse(const char *text, size_t length, int32_t max_depth);

/// The error, or NULL when the text parsed; `line` and `column` say where (0: unknown).
const char *cs_toml_error(const cs_toml_document *document, int32_t *line, int32_t *column);

/// The nodes, the root table first (none when there is an error).
const cs_toml_node *cs_toml_nodes(const cs_toml_document *document, size_t *count);

void cs_toml_free(cs_toml_document *document);

#ifdef __cplusplus
}
#endif

#endif
