/* strtod-strtof-match-glibc - strtod and strtof give glibc's bits and end pointer on tie cases,
 * the subnormal and overflow boundaries, hex floats, inf/nan spellings and malformed input
 * (strtod-cases.inc); and 3000 doubles from a fixed pseudo-random stream of bit patterns survive
 * printf("%.17g") -> strtod and printf("%a") -> strtod unchanged, floats "%.9g" -> strtof.
 * Expect: status 0 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct case_ {
  const char* in;
  uint64_t bits;
  int used, erange;
  uint32_t fbits;
  int fused;
};

#include "strtod-cases.inc"

static uint64_t dbits(double d) {
  uint64_t b;
  memcpy(&b, &d, 8);
  return d != d ? 0x7ff8000000000000ULL : b;
}

static uint32_t fbits(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return f != f ? 0x7fc00000U : b;
}

#define U64(x) ((unsigned long long)(x))

static uint64_t state = 0x9e3779b97f4a7c15ULL;
static uint64_t next(void) { /* xorshift64 */
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

int main(void) {
  int failures = 0;
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const struct case_* c = &cases[i];
    char *end, *fend;
    errno = 0;
    uint64_t b = dbits(strtod(c->in, &end));
    int erange = errno == ERANGE;
    uint32_t fb = fbits(strtof(c->in, &fend));
    /* C leaves ERANGE on a subnormal result to the implementation; glibc sets it on any, musl
     * only when it sees the result inexact, and disagrees for the smallest subnormal. */
    int subnormal = (b & ~(1ULL << 63)) != 0 && (b & ~(1ULL << 63)) < (1ULL << 52);
    if (subnormal) erange = c->erange;
    int ok = b == c->bits && end - c->in == c->used && erange == c->erange && fb == c->fbits &&
             fend - c->in == c->fused;
    printf("\"%s\" -> %016llx used %d erange %d, f %08x used %d%s\n", c->in, (unsigned long long)b,
           (int)(end - c->in), erange, (unsigned)fb, (int)(fend - c->in), ok ? "" : "  FAIL");
    failures += !ok;
  }

  int bad = 0;
  char buf[64];
  for (int i = 0; i < 3000; i++) {
    uint64_t want = next();
    if ((want >> 52 & 0x7ff) == 0x7ff) continue; /* inf/nan: not a round trip of digits */
    double d;
    memcpy(&d, &want, 8);
    snprintf(buf, sizeof buf, "%.17g", d);
    if (dbits(strtod(buf, 0)) != want) bad++, printf("%%.17g: %016llx %s  FAIL\n", U64(want), buf);
    snprintf(buf, sizeof buf, "%a", d);
    if (dbits(strtod(buf, 0)) != want) bad++, printf("%%a: %016llx %s  FAIL\n", U64(want), buf);
    uint32_t fw = (uint32_t)want;
    if ((fw >> 23 & 0xff) == 0xff) continue;
    float f;
    memcpy(&f, &fw, 4);
    snprintf(buf, sizeof buf, "%.9g", f);
    if (fbits(strtof(buf, 0)) != fw) bad++, printf("%%.9g: %08x %s  FAIL\n", (unsigned)fw, buf);
  }
  printf("round trips failed: %d\n", bad);
  failures += bad;
  printf(failures ? "FAIL %d\n" : "PASS\n", failures);
  return failures != 0;
}
