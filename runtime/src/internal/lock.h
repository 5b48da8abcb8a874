/* runtime/src/internal/lock.h - the runtime's internal spin lock, for short critical sections
 * (a FILE, an allocation arena, a list of streams).
 *
 * Test-and-test-and-set: try to swap in 1; while that fails, wait on plain loads, which stay in
 * the context's own view of memory instead of writing the line on every attempt, and try again
 * only once the lock looks free. A lock word is 0 when free, 1 when held; a zero-initialised
 * word is a free lock. Not recursive: the holder must not take it again, and must not make a
 * call that may block in the kernel while it holds it.
 *
 * How to wait is the thread library's business: __lock_wait(l) is called while *l looks taken.
 * Without the library (src/internal/__lock_wait.c, a weak definition) it just spins: there is no
 * other thread to wait for. The library's strong definition (src/thread/) gives the context to a
 * ready thread if there is one (the holder may be among them), and otherwise waits as its
 * backend waits: MONITOR/MWAIT on the lock's line (hw), sched_yield (conventional). */
#ifndef KASANE_INTERNAL_LOCK_H
#define KASANE_INTERNAL_LOCK_H

#include "atomic_arch.h"

void __lock_wait(volatile int* l);

static inline void __lock(volatile int* l) {
  while (a_swap(l, 1))
    while (*l) __lock_wait(l);
  a_barrier(); /* nothing of the critical section may happen before we own the lock */
}

static inline void __unlock(volatile int* l) {
  a_barrier(); /* everything the critical section wrote is visible before the lock is free */
  *l = 0;
}

#endif /* KASANE_INTERNAL_LOCK_H */
