/* prefetch-indexed-is-a-hint - __builtin_prefetch of a base + index address compiles to PREFX
 * (COP1X); it is a hint: the sum comes out right and nothing faults, even for an address far past
 * the end of the array.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static int32_t data[4096];

/* The prefetch address is p + (a value loaded at run time): gcc cannot strength-reduce it into a
 * moving pointer, so it emits PREFX with base p and index idx[i] * 4. */
__attribute__((noinline)) static int64_t sum(const int32_t* p, const int32_t* idx, int n) {
  int64_t s = 0;
  for (int i = 0; i < n; i++) {
    __builtin_prefetch(&p[idx[i]]);
    s += p[i];
  }
  return s;
}

int main(void) {
  for (int i = 0; i < 4096; i++) data[i] = i * 3 - 1000;
  static int32_t ahead[4096];
  for (int i = 0; i < 4096; i++) ahead[i] = i + 64 + (i & 7) * 1000000; /* some far outside */
  int64_t s = sum(data, ahead, 4096);
  printf("sum %lld\n", (long long)s);
  CHECK(s == (int64_t)3 * 4095 * 4096 / 2 - 1000 * 4096);
  return check_failures != 0;
}
