// The shortest decimal that reads back as the same double, from libstdc++'s std::to_chars
// (C++17, Ryu underneath): what wire-benchmark measures DecimalDouble against.
#ifndef CDOUBLETEXT_H
#define CDOUBLETEXT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// `x` as `*digits × 10^*exponent`, with the fewest digits that read back as `x` (the
/// closest such decimal when several are as short). `x` must be finite and positive.
void cs_shortest_decimal(double x, uint64_t *digits, int32_t *exponent);

#ifdef __cplusplus
}
#endif

#endif
