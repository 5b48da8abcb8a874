/* The big kernel lock. Every context that runs kernel code holds it, with interrupts off, so
 * kernel data needs no finer locking; sleep() and the idle loops let it go.
 *
 * A ticket lock, so contexts get it in the order they asked: with a test-and-set lock two
 * contexts that trap in a loop (user threads spinning on sched_yield) can pass it between them
 * for ever while the others spin, and the thread they wait for never runs. LL/SC draws the
 * ticket between the contexts of a core and between cores: the platform's coherence (MESI)
 * breaks an LL link when any core or DMA stores to the line. Only the holder writes `serving`.
 * The SYNCs keep the kernel's data accesses inside. */
#include "defs.h"
#include "mips.h"

static volatile uint32_t next;    /* the next ticket to draw */
static volatile uint32_t serving; /* the ticket that holds the lock */
static volatile uint32_t owner;   /* 0 free, else 1 + the holder's context */

/* Draw a ticket: next++ as one atomic step. */
static uint32_t draw(void) {
  uint32_t t, n;
  do {
    __asm__ volatile(
        "   ll %0, %2\n"
        "   addiu %1, %0, 1\n"
        "   sc %1, %2\n"
        : "=&r"(t), "=&r"(n), "+m"(next)
        :
        : "memory");
  } while (!n);
  return t;
}

/* Take the lock, waiting for this context's turn. A context that already holds it is a kernel
 * bug (it would wait forever). With several cores the wait also answers TLB shoot-downs: the
 * core that asks holds the lock and waits for them (smp.c). */
void acquire(void) {
  uint32_t me = 1 + cpuid();
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (owner == me) panic("acquire: context %u holds the kernel lock already", me - 1);
  uint32_t t = draw();
  if (ncores > 1)
    while (serving != t) tlb_shoot_answer();
  else
    while (serving != t) {
    }
  __asm__ volatile("sync" ::: "memory");
  owner = me;
}

/* Let the lock go to the next ticket; only its holder may. */
void release(void) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (owner != 1u + cpuid()) panic("release: context %d does not hold the kernel lock", cpuid());
  owner = 0;
  __asm__ volatile("sync" ::: "memory");
  serving = serving + 1;
}

/* Whether this context holds the lock. */
int holding(void) { return owner == 1u + cpuid(); }
