/* divide-by-constant-matches-div - gcc turns division by a constant into a multiply-high
 * (mult/multu + mfhi) and shifts; the results must equal the real divide instruction's.
 * Expect: status 0 */
#include "check.h"

static int sdiv(int a, int b) {
  int q;
  __asm__("div $zero, %1, %2\n\tmflo %0" : "=r"(q) : "r"(a), "r"(b) : "hi", "lo");
  return q;
}

static unsigned udiv(unsigned a, unsigned b) {
  unsigned q;
  __asm__("divu $zero, %1, %2\n\tmflo %0" : "=r"(q) : "r"(a), "r"(b) : "hi", "lo");
  return q;
}

int main(void) {
  unsigned x = 0x9e3779b9u, hash = 0;
  int bad = 0;
  for (int i = 0; i < 2000; i++) {
    x = x * 1664525u + 1013904223u;
    int s = (int)x;
    if (s / 3 != sdiv(s, 3) || s / 7 != sdiv(s, 7) || s / -10 != sdiv(s, -10) ||
        s / 1000 != sdiv(s, 1000))
      bad++;
    if (x / 3 != udiv(x, 3) || x / 7 != udiv(x, 7) || x / 10 != udiv(x, 10) ||
        x / 641 != udiv(x, 641) || x % 10 != x - udiv(x, 10) * 10)
      bad++;
    hash = hash * 31 + x / 7 + (unsigned)(s / 3);
  }
  CHECK_INT(bad, 0);
  CHECK_HEX(hash, hash); /* printed for the differential comparison */
  CHECK_INT(-7 / 2, sdiv(-7, 2));
  CHECK_HEX(0xffffffffu / 3, udiv(0xffffffffu, 3));
  return check_done();
}
