/* lwl-lwr-unaligned-word - lwl/lwr at each of the four byte offsets merge the right bytes into
 * the register (checked against a model of the little-endian rules), the pair loads an unaligned
 * word, and gcc uses them for unaligned fields of packed structs.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint8_t mem[12] __attribute__((aligned(4))) = {0x10, 0x21, 0x32, 0x43, 0x54, 0x65,
                                                      0x76, 0x87, 0x98, 0xa9, 0xba, 0xcb};

#define LWX(insn, off)                                                             \
  ({                                                                               \
    uint32_t r_ = 0xaabbccddu;                                                     \
    __asm__(insn " %0, " #off "(%1)" : "+r"(r_) : "r"(mem + 4) : "memory");        \
    r_;                                                                            \
  })

/* The little-endian rules: k = address & 3 within the aligned word W. */
static uint32_t model_lwl(uint32_t rt, uint32_t W, int k) {
  int sh = 8 * (3 - k);
  return (W << sh) | (sh ? rt & (0xffffffffu >> (32 - sh)) : 0);
}
static uint32_t model_lwr(uint32_t rt, uint32_t W, int k) {
  int sh = 8 * k;
  return (W >> sh) | (sh ? rt & ~(0xffffffffu >> sh) : 0);
}

struct __attribute__((packed)) rec {
  uint8_t tag;
  uint32_t value; /* at offset 1: unaligned */
  uint8_t pad[2];
  int32_t svalue; /* at offset 7 */
};

int main(void) {
  const uint32_t W = 0x87766554u, rt = 0xaabbccddu;
  uint32_t l[4] = {LWX("lwl", 0), LWX("lwl", 1), LWX("lwl", 2), LWX("lwl", 3)};
  uint32_t r[4] = {LWX("lwr", 0), LWX("lwr", 1), LWX("lwr", 2), LWX("lwr", 3)};
  for (int k = 0; k < 4; k++) {
    printf("k=%d lwl=%08x lwr=%08x\n", k, l[k], r[k]);
    CHECK(l[k] == model_lwl(rt, W, k));
    CHECK(r[k] == model_lwr(rt, W, k));
  }
  for (int a = 0; a < 8; a++) {
    uint32_t v;
    __asm__("lwr %0, 0(%1)\n\tlwl %0, 3(%1)" : "=&r"(v) : "r"(mem + a) : "memory");
    uint32_t want = mem[a] | mem[a + 1] << 8 | mem[a + 2] << 16 | (uint32_t)mem[a + 3] << 24;
    printf("word at +%d = %08x\n", a, v);
    CHECK(v == want);
  }
  static struct rec recs[2] = {{1, 0xdeadbeefu, {2, 3}, -123456789}, {4, 0x01020304u, {5, 6}, 42}};
  volatile struct rec* p = recs;
  CHECK_HEX(p[0].value, 0xdeadbeefu);
  CHECK_INT(p[0].svalue, -123456789);
  CHECK_HEX(p[1].value, 0x01020304u);
  p[1].value += 0x10101010u;
  CHECK_HEX(p[1].value, 0x11121314u);
  CHECK_INT(p[1].tag, 4);
  CHECK_INT(p[1].pad[0], 5);
  return check_done();
}
