/* movn-movz-conditional - movn moves when the condition register is non-zero, movz when it is
 * zero; otherwise the destination keeps its old value.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint32_t movn(uint32_t dst, uint32_t src, uint32_t cond) {
  __asm__("movn %0, %1, %2" : "+r"(dst) : "r"(src), "r"(cond));
  return dst;
}

static uint32_t movz(uint32_t dst, uint32_t src, uint32_t cond) {
  __asm__("movz %0, %1, %2" : "+r"(dst) : "r"(src), "r"(cond));
  return dst;
}

int main(void) {
  CHECK_HEX(movn(1, 2, 0), 1);
  CHECK_HEX(movn(1, 2, 1), 2);
  CHECK_HEX(movn(1, 2, 0x80000000u), 2);
  CHECK_HEX(movz(1, 2, 0), 2);
  CHECK_HEX(movz(1, 2, 1), 1);
  CHECK_HEX(movz(1, 2, 0xffffffffu), 1);
  /* A branch-free max/min as compilers write it: slt then movn/movz. */
  volatile int a = -7, b = 3;
  uint32_t lt = (uint32_t)(a < b);
  CHECK_INT((int)movn((uint32_t)a, (uint32_t)b, lt), 3);
  CHECK_INT((int)movz((uint32_t)a, (uint32_t)b, lt), -7);
  int sum = 0;
  for (volatile int i = -5; i <= 5; i++) sum += i < 0 ? -i : i; /* gcc uses movn/movz here */
  CHECK_INT(sum, 30);
  return check_done();
}
