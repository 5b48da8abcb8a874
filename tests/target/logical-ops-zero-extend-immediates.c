/* logical-ops-zero-extend-immediates - andi/ori/xori zero-extend their 16-bit immediate (unlike
 * addiu/slti, which sign-extend), lui fills the upper half, nor is ~(a|b).
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

int main(void) {
  uint32_t r;
  __asm__("andi %0, %1, 0xffff" : "=r"(r) : "r"(0xdeadbeefu));
  CHECK_HEX(r, 0xbeefu);
  __asm__("ori %0, %1, 0x8000" : "=r"(r) : "r"(0x00010000u));
  CHECK_HEX(r, 0x00018000u);
  __asm__("xori %0, %1, 0xffff" : "=r"(r) : "r"(0xffffffffu));
  CHECK_HEX(r, 0xffff0000u);
  __asm__("addiu %0, %1, -32768" : "=r"(r) : "r"(0));
  CHECK_HEX(r, 0xffff8000u);
  __asm__("lui %0, 0x8001" : "=r"(r));
  CHECK_HEX(r, 0x80010000u);
  __asm__("lui %0, 0x1234\n\tori %0, %0, 0xabcd" : "=r"(r));
  CHECK_HEX(r, 0x1234abcdu);
  __asm__("nor %0, %1, %2" : "=r"(r) : "r"(0xf0f0f0f0u), "r"(0x0000ffffu));
  CHECK_HEX(r, 0x0f0f0000u);
  __asm__("nor %0, $zero, $zero" : "=r"(r));
  CHECK_HEX(r, 0xffffffffu);
  volatile uint32_t a = 0x12345678u, b = 0x0f0f0f0fu;
  CHECK_HEX(a & b, 0x02040608u);
  CHECK_HEX(a | b, 0x1f3f5f7fu);
  CHECK_HEX(a ^ b, 0x1d3b5977u);
  CHECK_HEX(~(a | b), 0xe0c0a080u);
  CHECK_HEX(a & 0xff00u, 0x5600u);
  return check_done();
}
