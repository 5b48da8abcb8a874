/* The big kernel lock. Every context that runs kernel code holds it, with interrupts off, so
 * kernel data needs no finer locking; sleep() and the idle loops let it go. LL/SC makes it work
 * between the contexts of a core and between cores: the platform's coherence (MESI) breaks an LL
 * link when any core or DMA stores to the line, and stores complete in order, so an SC succeeds
 * only if no one took the lock since the LL. The SYNCs keep the kernel's data accesses inside. */
#include "defs.h"
#include "mips.h"

static volatile uint32_t locked;  /* 0 free, else 1 + the holder's context */

/* One attempt at the lock: 1 if this context now holds it. */
static int trylock(uint32_t me) {
  uint32_t old, ok;
  __asm__ volatile(
      "   move %1, $0\n"
      "   ll %0, %2\n"
      "   bnez %0, 1f\n"
      "   move %1, %3\n"
      "   sc %1, %2\n"
      "1:\n"
      : "=&r"(old), "=&r"(ok), "+m"(locked)
      : "r"(me)
      : "memory");
  return ok;
}

/* Take the lock, spinning while another context holds it. A context that already holds it is a
 * kernel bug (it would spin forever). With several cores the spin also answers TLB shoot-downs:
 * the core that asks holds the lock and waits for them (smp.c). */
void acquire(void) {
  uint32_t me = 1 + cpuid(), old, ok;
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (locked == me) panic("acquire: context %u holds the kernel lock already", me - 1);
  if (ncores > 1) {
    while (!trylock(me)) tlb_shoot_answer();
    __asm__ volatile("sync" ::: "memory");
    return;
  }
  do {
    __asm__ volatile(
        "1: ll %0, %2\n"
        "   bnez %0, 1b\n"
        "   move %1, %3\n"
        "   sc %1, %2\n"
        : "=&r"(old), "=&r"(ok), "+m"(locked)
        : "r"(me)
        : "memory");
  } while (!ok);
  __asm__ volatile("sync" ::: "memory");
}

/* Let the lock go; only its holder may. */
void release(void) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (locked != 1u + cpuid()) panic("release: context %d does not hold the kernel lock", cpuid());
  __asm__ volatile("sync" ::: "memory");
  locked = 0;
}

/* Whether this context holds the lock. */
int holding(void) { return locked == 1u + cpuid(); }
