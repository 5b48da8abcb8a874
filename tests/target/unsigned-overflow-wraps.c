/* unsigned-overflow-wraps - addu/subu/addiu/multu results wrap modulo 2^32 without trapping
 * (only add/sub/addi trap, see fault-add-overflow), and carries can be recovered by comparison.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

int main(void) {
  volatile uint32_t max = 0xffffffffu, one = 1, zero = 0;
  CHECK_HEX(max + one, 0);
  CHECK_HEX(zero - one, 0xffffffffu);
  CHECK_HEX(max * max, 1);
  CHECK_HEX(max + max, 0xfffffffeu);
  CHECK_INT(max + one < max, 1); /* carry out detected with sltu */
  CHECK_HEX((uint8_t)(max + 2), 1);
  CHECK_HEX((uint16_t)0xffff + (uint16_t)1, 0x10000); /* promoted to int first */
  volatile uint16_t h = 0xffff;
  h++;
  CHECK_HEX(h, 0);
  /* Signed addition through addu (the instruction C compilers use) wraps silently too. */
  int32_t r;
  __asm__("addu %0, %1, %2" : "=r"(r) : "r"(0x7fffffff), "r"(1));
  CHECK_HEX((uint32_t)r, 0x80000000u);
  __asm__("addiu %0, %1, -1" : "=r"(r) : "r"(0x80000000));
  CHECK_HEX((uint32_t)r, 0x7fffffffu);
  __asm__("subu %0, %1, %2" : "=r"(r) : "r"(0x80000000), "r"(1));
  CHECK_HEX((uint32_t)r, 0x7fffffffu);
  /* A 64-bit add built from 32-bit halves: the carry comes from sltu. */
  volatile uint64_t a = 0x00000001ffffffffULL, b = 1;
  CHECK_HEX(a + b, 0x0000000200000000ULL);
  return check_done();
}
