/* smp.h - what the tests of several cores need besides tests/os/thread.h: which core and CPU run
 * this code, the unit a process is placed on (a core, or in context mode a CPU), and a thread
 * started on a given core. Header-only, like thread.h. */
#ifndef KASANE_SMP_TEST_SMP_H
#define KASANE_SMP_TEST_SMP_H

#include <kasane/syscall_nr.h>
#include <string.h>
#include <unistd.h>

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

/* Whether every context is a CPU (os.smt_sched = context): the kernel's uname version says so.
 * Then the unit of placement is a context, as on Linux, not a core. */
static THREAD_UNUSED int smt_context(void) {
  static int known = -1;
  if (known < 0) {
    char u[6][65]; /* struct new_utsname: sysname, nodename, release, version, machine, domain */
    known = syscall(SYS_uname, u) == 0 && strstr(u[3], "smt=context") != 0;
  }
  return known;
}

/* The unit of placement this code runs on, what a bit of sched_setaffinity's mask names: its
 * core, or in context mode its CPU. */
static THREAD_UNUSED int this_unit(void) { return smt_context() ? this_cpu() : this_core(); }

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
