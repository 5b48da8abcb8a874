/* smp.h - what the tests of several cores need besides tests/os/thread.h: which core runs this
 * code. Header-only, like thread.h. */
#ifndef KASANE_SMP_TEST_SMP_H
#define KASANE_SMP_TEST_SMP_H

#include "thread.h"

/* The core this code runs on: the CPU number (RDHWR 0: core * contexts + context) over the
 * contexts of a core (kasane_contexts() names every one but context 0). */
static THREAD_UNUSED int this_core(void) {
  uint32_t cpu;
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  return (int)(cpu / (uint32_t)(context_count(kasane_contexts()) + 1));
}

/* Burn about n * 4 cycles of pure computation (no system call, no memory but the stack). */
static THREAD_UNUSED uint32_t compute(uint32_t n) {
  volatile uint32_t x = 1;
  for (uint32_t i = 0; i < n; i++) x = x * 5 + i;
  return x;
}

#endif /* KASANE_SMP_TEST_SMP_H */
