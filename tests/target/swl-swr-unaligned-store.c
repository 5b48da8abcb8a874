/* swl-swr-unaligned-store - swl/swr at each byte offset store just the bytes the little-endian
 * rules say, and the pair stores a whole word at any alignment without touching its neighbours.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint32_t words[3] __attribute__((aligned(4)));

static void reset(void) {
  words[0] = 0x03020100u;
  words[1] = 0x07060504u;
  words[2] = 0x0b0a0908u;
}

int main(void) {
  const uint32_t v = 0xddccbbaau;
  uint8_t* base = (uint8_t*)words;
  for (int k = 0; k < 4; k++) {
    reset();
    __asm__ volatile("swl %0, 0(%1)" : : "r"(v), "r"(base + 4 + k) : "memory");
    uint32_t l = words[1];
    reset();
    __asm__ volatile("swr %0, 0(%1)" : : "r"(v), "r"(base + 4 + k) : "memory");
    uint32_t r = words[1];
    /* swl writes the top k+1 bytes of v to bytes 0..k; swr the low 4-k bytes to bytes k..3. */
    uint32_t lmask = 0xffffffffu >> (8 * (3 - k)), rmask = 0xffffffffu << (8 * k);
    uint32_t lwant = (0x07060504u & ~lmask) | (v >> (8 * (3 - k)));
    uint32_t rwant = (0x07060504u & ~rmask) | (v << (8 * k));
    printf("k=%d swl -> %08x  swr -> %08x\n", k, l, r);
    CHECK(l == lwant && r == rwant);
    CHECK(words[0] == 0x03020100u && words[2] == 0x0b0a0908u);
  }
  for (int a = 0; a < 8; a++) {
    reset();
    __asm__ volatile("swr %0, 0(%1)\n\tswl %0, 3(%1)" : : "r"(v), "r"(base + a) : "memory");
    int ok = 1;
    for (int i = 0; i < 12; i++) {
      uint8_t want = i >= a && i < a + 4 ? (uint8_t)(v >> (8 * (i - a))) : (uint8_t)i;
      ok &= base[i] == want;
    }
    printf("store at +%d: %08x %08x %08x\n", a, words[0], words[1], words[2]);
    CHECK(ok);
  }
  return check_done();
}
