/* shift-by-0-and-31 - sll/srl/sra by the immediate extremes 0 and 31, and sra copying the sign.
 * Expect: status 0 */
#include "check.h"

int main(void) {
  volatile unsigned u = 0x80000001u;
  volatile int s = (int)0x80000001u;
  volatile int p = 0x40000001;
  CHECK_HEX(u << 0, 0x80000001u);
  CHECK_HEX(u >> 0, 0x80000001u);
  CHECK_HEX((unsigned)(s >> 0), 0x80000001u);
  CHECK_HEX(u << 31, 0x80000000u);
  CHECK_HEX(u >> 31, 1);
  CHECK_HEX((unsigned)(s >> 31), 0xffffffffu);
  CHECK_HEX((unsigned)(p >> 31), 0);
  CHECK_HEX((unsigned)(s >> 1), 0xc0000000u);
  CHECK_HEX(u >> 1, 0x40000000u);
  CHECK_HEX(1u << 31, 0x80000000u);
  /* The same through the instructions directly, in case the compiler folded anything. */
  unsigned r0, r1, r2;
  __asm__("sll %0, %3, 31\n\tsrl %1, %3, 31\n\tsra %2, %3, 31"
          : "=&r"(r0), "=&r"(r1), "=&r"(r2)
          : "r"(u));
  CHECK_HEX(r0, 0x80000000u);
  CHECK_HEX(r1, 1);
  CHECK_HEX(r2, 0xffffffffu);
  __asm__("sll %0, %3, 0\n\tsrl %1, %3, 0\n\tsra %2, %3, 0"
          : "=&r"(r0), "=&r"(r1), "=&r"(r2)
          : "r"(u));
  CHECK_HEX(r0, 0x80000001u);
  CHECK_HEX(r1, 0x80000001u);
  CHECK_HEX(r2, 0x80000001u);
  return check_done();
}
