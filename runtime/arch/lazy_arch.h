/* runtime/arch/lazy_arch.h - the two machine reads the lazy-threads runtime needs (src/lazy/):
 * the stack pointer, which its stack checks compare with the segment's bottom, and the cycle
 * counter, which stamps the stack-memory timeline. */
#ifndef KASANE_LAZY_ARCH_H
#define KASANE_LAZY_ARCH_H

static inline char* __lazy_sp(void) {
  char* sp;
  __asm__ volatile("move %0, $sp" : "=r"(sp));
  return sp;
}

/* RDHWR $2, the core's cycle counter (low word; differences wrap correctly). */
static inline unsigned long __lazy_cycles(void) {
  unsigned long c;
  __asm__ volatile("rdhwr %0, $2" : "=r"(c));
  return c;
}

#endif /* KASANE_LAZY_ARCH_H */
