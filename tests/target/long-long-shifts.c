/* long-long-shifts - 64-bit shifts left, logical right and arithmetic right by 0, 1, 31, 32, 33
 * and 63, which gcc expands into pairs of 32-bit shifts across the word boundary.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

int main(void) {
  static const unsigned amounts[] = {0, 1, 31, 32, 33, 63};
  volatile uint64_t u = 0x8123456789abcdefULL;
  volatile int64_t s = (int64_t)0x8123456789abcdefULL;
  uint64_t hash = 0;
  for (unsigned i = 0; i < sizeof amounts / sizeof amounts[0]; i++) {
    volatile unsigned n = amounts[i];
    uint64_t l = u << n, r = u >> n;
    int64_t a = s >> n;
    printf("n=%2u: << %016llx  >> %016llx  sra %016llx\n", n, (unsigned long long)l,
           (unsigned long long)r, (unsigned long long)a);
    hash = hash * 1000003 ^ l ^ (r << 1) ^ (uint64_t)a;
  }
  volatile unsigned n32 = 32, n63 = 63, n1 = 1;
  CHECK_HEX(u << n32, 0x89abcdef00000000ULL);
  CHECK_HEX(u >> n32, 0x81234567ULL);
  CHECK_HEX((uint64_t)(s >> n32), 0xffffffff81234567ULL);
  CHECK_HEX(u << n63, 0x8000000000000000ULL);
  CHECK_HEX(u >> n63, 1);
  CHECK_HEX((uint64_t)(s >> n63), 0xffffffffffffffffULL);
  CHECK_HEX(u << n1, 0x02468acf13579bdeULL);
  CHECK_HEX(u >> n1, 0x4091a2b3c4d5e6f7ULL);
  CHECK_HEX((uint64_t)(s >> n1), 0xc091a2b3c4d5e6f7ULL);
  CHECK_HEX(hash, hash);
  return check_done();
}
