/* Read-write locks for the kernel backend, readers first (glibc's default): a reader waits only
 * while a writer holds the lock, a writer while anyone does. The fields are changed under a
 * small futex lock in __waiters.__head; waiters sleep on a sequence number in __waiters.__tail
 * that every release bumps, waking them all to look again (a read-write lock is rarely fought
 * over by many threads at once). */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "kpthread.h"

#define LOCK(l) (&KWORD((l)->__waiters.__head))
#define SEQ(l) (&KWORD((l)->__waiters.__tail))

int pthread_rwlockattr_init(pthread_rwlockattr_t* a) {
  a->__unused = 0;
  return 0;
}

int pthread_rwlockattr_destroy(pthread_rwlockattr_t* a) {
  (void)a;
  return 0;
}

int pthread_rwlock_init(pthread_rwlock_t* l, const pthread_rwlockattr_t* a) {
  (void)a;
  memset(l, 0, sizeof *l);
  return 0;
}

int pthread_rwlock_destroy(pthread_rwlock_t* l) { return l->__readers || l->__writer ? EBUSY : 0; }

/* Take l for writing (write) or reading, waiting if try is 0 until abstime (0: for ever). */
static int take(pthread_rwlock_t* l, int write, int try, const struct timespec* abstime) {
  struct __pthread* self = __kself();
  for (;;) {
    __klock(LOCK(l));
    if (l->__writer == self) {
      __kunlock(LOCK(l));
      return EDEADLK;
    }
    if (!l->__writer && (!write || !l->__readers)) {
      if (write)
        l->__writer = self;
      else
        l->__readers++;
      __kunlock(LOCK(l));
      return 0;
    }
    int seq = *SEQ(l);
    __kunlock(LOCK(l));
    if (try) return EBUSY;
    int r = __ktimedwait(SEQ(l), seq, CLOCK_REALTIME, abstime, 0);
    if (r) return r;
  }
}

int pthread_rwlock_rdlock(pthread_rwlock_t* l) { return take(l, 0, 0, 0); }
int pthread_rwlock_tryrdlock(pthread_rwlock_t* l) { return take(l, 0, 1, 0); }
int pthread_rwlock_timedrdlock(pthread_rwlock_t* l, const struct timespec* abstime) {
  return take(l, 0, 0, abstime);
}
int pthread_rwlock_wrlock(pthread_rwlock_t* l) { return take(l, 1, 0, 0); }
int pthread_rwlock_trywrlock(pthread_rwlock_t* l) { return take(l, 1, 1, 0); }
int pthread_rwlock_timedwrlock(pthread_rwlock_t* l, const struct timespec* abstime) {
  return take(l, 1, 0, abstime);
}

int pthread_rwlock_unlock(pthread_rwlock_t* l) {
  __klock(LOCK(l));
  if (l->__writer == __kself())
    l->__writer = 0;
  else if (l->__readers)
    l->__readers--;
  else {
    __kunlock(LOCK(l));
    return EPERM;
  }
  a_add_fetch(SEQ(l), 1);
  __kunlock(LOCK(l));
  __kfutex_wake(SEQ(l), INT_MAX);
  return 0;
}
