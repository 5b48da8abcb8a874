/* pthread_once for the kernel backend, on the control word as a futex: 0 not run, 1 running,
 * 2 running with waiters, 3 done. The fast path is one load; the first caller runs fn, the
 * others sleep until it is done. A cancelled fn leaves the control as it was, as POSIX wants,
 * and wakes the waiters, one of whom runs it. */
#include <limits.h>
#include <pthread.h>

#include "kpthread.h"

static void undo(void* arg) {
  volatile int* o = arg;
  if (a_swap(o, 0) == 2) __kfutex_wake(o, INT_MAX);
}

int pthread_once(pthread_once_t* o, void (*fn)(void)) {
  for (;;) {
    int v = *o;
    if (v == 3) {
      a_barrier();
      return 0;
    }
    if (v == 0) {
      if (a_cas(o, 0, 1) != 0) continue;
      pthread_cleanup_push(undo, (void*)o);
      fn();
      pthread_cleanup_pop(0);
      a_barrier();
      if (a_swap(o, 3) == 2) __kfutex_wake(o, INT_MAX);
      return 0;
    }
    if (v == 1) a_cas(o, 1, 2);
    __kfutex_wait(o, 2);
  }
}
