/* rotate-with-rotr - MIPS32r2 rotr/rotrv, and gcc's use of them for the C rotate idiom.
 * Expect: status 0 */
#include "check.h"

static unsigned rotr_c(unsigned x, unsigned n) { return (x >> (n & 31)) | (x << ((32 - n) & 31)); }

static unsigned rotrv(unsigned x, unsigned n) {
  unsigned r;
  __asm__("rotrv %0, %1, %2" : "=r"(r) : "r"(x), "r"(n));
  return r;
}

int main(void) {
  volatile unsigned x = 0x12345678u;
  unsigned r;
  __asm__("rotr %0, %1, 0" : "=r"(r) : "r"(x));
  CHECK_HEX(r, 0x12345678u);
  __asm__("rotr %0, %1, 4" : "=r"(r) : "r"(x));
  CHECK_HEX(r, 0x81234567u);
  __asm__("rotr %0, %1, 16" : "=r"(r) : "r"(x));
  CHECK_HEX(r, 0x56781234u);
  __asm__("rotr %0, %1, 31" : "=r"(r) : "r"(x));
  CHECK_HEX(r, 0x2468acf0u);
  for (unsigned n = 0; n < 40; n += 3) {
    printf("rotrv(%u) = %08x\n", n, rotrv(x, n));
    CHECK(rotrv(x, n) == rotr_c(x, n));
  }
  CHECK_HEX(rotr_c(0x80000001u, 1), 0xc0000000u);
  return check_done();
}
