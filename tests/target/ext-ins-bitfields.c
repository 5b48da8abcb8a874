/* ext-ins-bitfields - ext extracts a bit field, ins inserts one leaving other bits alone; C
 * bitfield accesses (which gcc compiles to ext/ins on MIPS32r2) agree with mask arithmetic.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

#define EXT(x, pos, size)                                                         \
  ({                                                                              \
    uint32_t r_;                                                                  \
    __asm__("ext %0, %1, " #pos ", " #size : "=r"(r_) : "r"(x));                  \
    r_;                                                                           \
  })
#define INS(dst, src, pos, size)                                                  \
  ({                                                                              \
    uint32_t r_ = (dst);                                                          \
    __asm__("ins %0, %1, " #pos ", " #size : "+r"(r_) : "r"(src));                \
    r_;                                                                           \
  })

struct fields {
  unsigned a : 3;
  unsigned b : 9;
  signed c : 7;
  unsigned d : 13;
};

int main(void) {
  volatile uint32_t x = 0xdeadbeefu;
  CHECK_HEX(EXT(x, 0, 8), 0xefu);
  CHECK_HEX(EXT(x, 4, 12), 0xbeeu);
  CHECK_HEX(EXT(x, 31, 1), 1);
  CHECK_HEX(EXT(x, 0, 32), 0xdeadbeefu);
  CHECK_HEX(EXT(x, 16, 16), 0xdeadu);
  CHECK_HEX(INS(x, 0u, 0, 8), 0xdeadbe00u);
  CHECK_HEX(INS(x, 0x5u, 4, 4), 0xdeadbe5fu);
  CHECK_HEX(INS(x, 0xffffffffu, 8, 16), 0xdeffffefu);
  CHECK_HEX(INS(x, 0x12345678u, 0, 32), 0x12345678u);
  CHECK_HEX(INS(0u, 1u, 31, 1), 0x80000000u);

  volatile struct fields f = {5, 300, -20, 7000};
  CHECK_INT(f.a, 5);
  CHECK_INT(f.b, 300);
  CHECK_INT(f.c, -20);
  CHECK_INT(f.d, 7000);
  f.b = 511;
  f.c = 63;
  CHECK_INT(f.a, 5);
  CHECK_INT(f.b, 511);
  CHECK_INT(f.c, 63);
  CHECK_INT(f.d, 7000);
  uint32_t raw;
  memcpy(&raw, (const void*)&f, sizeof raw);
  CHECK_HEX(raw, 5u | 511u << 3 | 63u << 12 | 7000u << 19);
  return check_done();
}
