/* seb-seh-sign-extend - seb/seh sign-extend the low byte/halfword (MIPS32r2), matching C
 * conversions to signed char and short; andi zero-extends.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint32_t seb(uint32_t x) {
  uint32_t r;
  __asm__("seb %0, %1" : "=r"(r) : "r"(x));
  return r;
}

static uint32_t seh(uint32_t x) {
  uint32_t r;
  __asm__("seh %0, %1" : "=r"(r) : "r"(x));
  return r;
}

int main(void) {
  CHECK_HEX(seb(0x12345680u), 0xffffff80u);
  CHECK_HEX(seb(0xffffff7fu), 0x7fu);
  CHECK_HEX(seb(0x000000ffu), 0xffffffffu);
  CHECK_HEX(seh(0x12348000u), 0xffff8000u);
  CHECK_HEX(seh(0xffff7fffu), 0x7fffu);
  CHECK_HEX(seh(0x0000ffffu), 0xffffffffu);
  int bad = 0;
  for (uint32_t x = 0x1234; x < 0x10000000u; x = x * 3 + 0x77) {
    volatile uint32_t v = x;
    if (seb(v) != (uint32_t)(int32_t)(int8_t)v || seh(v) != (uint32_t)(int32_t)(int16_t)v) bad++;
    if ((v & 0xff) != (uint8_t)v || (v & 0xffff) != (uint16_t)v) bad++;
  }
  CHECK_INT(bad, 0);
  volatile int8_t c = -100;
  volatile int16_t h = -30000;
  CHECK_INT(c, -100);
  CHECK_INT(h, -30000);
  CHECK_INT((int)(int8_t)(uint8_t)200, -56);
  return check_done();
}
