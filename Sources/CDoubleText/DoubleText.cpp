// std::to_chars in scientific form gives the shortest round-trip digits ("1.2345e-05");
// they are read back here into an integer and a power of ten, so the Swift side writes the
// number in the wire's own layout.
#include <charconv>
#include <cstdint>

#include "CDoubleText.h"

extern "C" void cs_shortest_decimal(double x, uint64_t *digits, int32_t *exponent) {
    char text[32];
    auto result = std::to_chars(text, text + sizeof text, x, std::chars_format::scientific);
    uint64_t d = 0;
    int32_t fraction = 0;
    const char *p = text;
    for (; p < result.ptr && *p != 'e'; ++p) {
        if (*p == '.') {
            fraction = 0;
            for (++p; p < result.ptr && *p != 'e'; ++p, ++fraction) d = d * 10 + uint64_t(*p - '0');
            break;
        }
        d = d * 10 + uint64_t(*p - '0');
    }
    // p is at 'e': its sign, then at least two digits.
    int32_t e = 0;
    bool negative = p[1] == '-';
    for (const char *q = p + 2; q < result.ptr; ++q) e = e * 10 + (*q - '0');
    *digits = d;
    *exponent = (negative ? -e : e) - fraction;
}
