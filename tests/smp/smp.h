/* smp.h - what the tests of several cores need besides tests/os/thread.h: which core and CPU run
 * this code, and a thread started on a given core. Header-only, like thread.h. */
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

/* The CPU number of this context (RDHWR 0: core * contexts + LTN - 1). */
static THREAD_UNUSED int this_cpu(void) {
  uint32_t cpu;
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  return (int)cpu;
}

/* The contexts of a core. */
static THREAD_UNUSED int core_contexts(void) { return context_count(kasane_contexts()) + 1; }

/* Start fn(arg) as a thread on a free context of core `core` (-1: the kernel picks) through
 * kasane_ctx_start, on the stack [stack, stack + size): its CPU number, or -1 with errno. */
static THREAD_UNUSED long thread_start_on(long core, struct thread* t, void (*fn)(void*), void* arg,
                                          void* stack, uint32_t size) {
  t->fn = fn;
  t->arg = arg;
  t->sp = (((uint32_t)stack + size) & ~7u) - 16;
  t->done = 0;
  t->ltn = kasane_ctx_start(core, (unsigned long)thread_entry, (unsigned long)t, t->sp);
  return t->ltn;
}

/* Burn about n * 4 cycles of pure computation (no system call, no memory but the stack). */
static THREAD_UNUSED uint32_t compute(uint32_t n) {
  volatile uint32_t x = 1;
  for (uint32_t i = 0; i < n; i++) x = x * 5 + i;
  return x;
}

#endif /* KASANE_SMP_TEST_SMP_H */
