/* fegetround, fesetround - the rounding mode is FCSR bits 1:0 (RM), which setjmp and the thread
 * switch already keep. */
#include <fenv.h>

int fegetround(void) {
  unsigned fcsr;
  __asm__ volatile("cfc1 %0, $31" : "=r"(fcsr));
  return (int)(fcsr & 3);
}

int fesetround(int mode) {
  if (mode & ~3) return -1;
  unsigned fcsr;
  __asm__ volatile("cfc1 %0, $31" : "=r"(fcsr));
  fcsr = (fcsr & ~3u) | (unsigned)mode;
  __asm__ volatile("ctc1 %0, $31" : : "r"(fcsr));
  return 0;
}
