/* kasane/cycles.h - the core's cycle counter, read in user mode with one instruction (RDHWR 2,
 * which the kernel allows through HWREna): the low 32 bits, the same on every context of a
 * core, so a difference of two readings on different contexts is a number of cycles as long as
 * it is under 2^32. */
#ifndef KASANE_CYCLES_H
#define KASANE_CYCLES_H

static inline unsigned long kasane_cycles(void) {
  unsigned long c;
  __asm__ volatile("rdhwr %0, $2" : "=r"(c) : : "memory");
  return c;
}

#endif /* KASANE_CYCLES_H */
