/* fault-unaligned-lw - lw from an address that is not a multiple of 4 raises an address error,
 * which user mode sees as SIGBUS (MIPS Linux numbers it 10, so status 138). (Real Linux kernels
 * may instead emulate the access; qemu and Kasane deliver the signal.)
 * Expect: signal SIGBUS */
#include "check.h"

static int word[2];

int main(void) {
  int v;
  printf("loading a word from an odd address\n");
  __asm__ volatile("lw %0, 1(%1)" : "=r"(v) : "r"(word) : "memory");
  printf("not reached: %d\n", v);
  return 0;
}
