/* Mutexes for the kernel backend: lock, trylock, timedlock, unlock. The lock word is the futex
 * (0 free, 1 held, 2 held and perhaps waited for; musl's and Drepper's "Futexes are tricky"
 * mutex): an uncontended lock or unlock is one LL/SC and no system call; a contended lock spins
 * a little, then marks the word 2 and sleeps in FUTEX_WAIT, and the unlock that finds 2 wakes
 * one sleeper. The owner is recorded for the error-checking and recursive types. */
#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "kpthread.h"

#define SPINS 100 /* rounds a contended lock looks before it sleeps */

/* Take m's word, waiting until abstime (by CLOCK_REALTIME; 0: for ever): 0 or ETIMEDOUT. */
static int take(pthread_mutex_t* m, const struct timespec* abstime) {
  if (a_cas(&m->__lock, 0, 1) == 0) return 0;
  for (int i = 0; i < SPINS && m->__lock; i++) a_spin();
  while (a_swap(&m->__lock, 2)) {
    int r = __ktimedwait(&m->__lock, 2, CLOCK_REALTIME, abstime, 0);
    if (r == ETIMEDOUT || r == EINVAL) return r;
  }
  return 0;
}

/* What the owner's relock of a recursive or error-checking mutex gives, or -1: lock it. */
static int relock(pthread_mutex_t* m, struct __pthread* self) {
  if (m->__type == PTHREAD_MUTEX_NORMAL || m->__owner != self || !m->__lock) return -1;
  if (m->__type == PTHREAD_MUTEX_ERRORCHECK) return EDEADLK;
  m->__count++;
  return 0;
}

static int lock(pthread_mutex_t* m, const struct timespec* abstime) {
  struct __pthread* self = __kself();
  int r = relock(m, self);
  if (r >= 0) return r;
  if ((r = take(m, abstime))) return r;
  a_barrier();
  m->__owner = self;
  m->__count = 0;
  return 0;
}

int pthread_mutex_lock(pthread_mutex_t* m) { return lock(m, 0); }

int pthread_mutex_timedlock(pthread_mutex_t* m, const struct timespec* abstime) {
  return lock(m, abstime);
}

int pthread_mutex_trylock(pthread_mutex_t* m) {
  struct __pthread* self = __kself();
  if (m->__type == PTHREAD_MUTEX_RECURSIVE && m->__owner == self && m->__lock) {
    m->__count++;
    return 0;
  }
  if (a_cas(&m->__lock, 0, 1) != 0) return EBUSY;
  a_barrier();
  m->__owner = self;
  m->__count = 0;
  return 0;
}

int pthread_mutex_unlock(pthread_mutex_t* m) {
  if (m->__type != PTHREAD_MUTEX_NORMAL) {
    if (!m->__lock || m->__owner != __kself()) return EPERM;
    if (m->__count) {
      m->__count--;
      return 0;
    }
  }
  m->__owner = 0;
  a_barrier();
  if (a_swap(&m->__lock, 0) == 2) __kfutex_wake(&m->__lock, 1);
  return 0;
}
