/* pthread_barrier_wait for the kernel backend (pthread_barrier_init.c, shared, makes them). The
 * round counter is the futex: the last thread to arrive starts the next round and wakes every
 * thread sleeping on the old one; arrivals are counted under a small futex lock kept in the
 * barrier's queue word, so a barrier can be reused at once. */
#include <limits.h>
#include <pthread.h>

#include "kpthread.h"

int pthread_barrier_wait(pthread_barrier_t* b) {
  volatile int* lock = &KWORD(b->__waiters.__head);
  volatile int* round = &KWORD(b->__round);
  __klock(lock);
  int r = *round;
  if (++b->__arrived == b->__count) {
    b->__arrived = 0;
    *round = r + 1;
    __kunlock(lock);
    __kfutex_wake(round, INT_MAX);
    return PTHREAD_BARRIER_SERIAL_THREAD;
  }
  __kunlock(lock);
  while (*round == r) __kfutex_wait(round, r);
  return 0;
}
