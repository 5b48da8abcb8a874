/* pthread_rwlock_* - read-write locks, readers first (glibc's default): a reader waits only while
 * a writer holds the lock, so a thread may take it for reading again while a writer waits; a
 * writer waits while anyone holds it.
 *
 * Every operation is a few fields under __sched_lock, and a waiter queues on the lock's one queue
 * and waits with __block (or __timed_block), as a mutex's waiters do. A release that leaves the
 * lock free wakes every waiter, and each looks again: simple, and a read-write lock is rarely
 * fought over by many threads at once. */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "pthread_impl.h"

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

int pthread_rwlock_destroy(pthread_rwlock_t* l) {
  return l->__readers || l->__writer || l->__waiters.__head ? EBUSY : 0;
}

/* (locked) Whether the caller may take l now for writing (or else for reading). */
static int may_take(pthread_rwlock_t* l, int write) {
  return write ? !l->__readers && !l->__writer : !l->__writer;
}

/* Take l; with try, EBUSY rather than wait; with abstime, ETIMEDOUT once it has passed. */
static int take(pthread_rwlock_t* l, int write, int try, const struct timespec* abstime) {
  struct __pthread* self = __self();
  if (abstime && (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000)) return EINVAL;
  __sched_lock_take();
  if (l->__writer == self) {
    __sched_unlock();
    return EDEADLK;
  }
  while (!may_take(l, write)) {
    if (try) {
      __sched_unlock();
      return EBUSY;
    }
    __enqueue(&l->__waiters, self);
    if (abstime) {
      if (__timed_block(self, &l->__waiters, abstime) == ETIMEDOUT) return ETIMEDOUT;
    } else {
      __block(self);
    }
    __sched_lock_take();
  }
  if (write)
    l->__writer = self;
  else
    l->__readers++;
  __sched_unlock();
  return 0;
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
  struct __pthread* self = __self();
  __sched_lock_take();
  if (l->__writer == self) {
    l->__writer = 0;
  } else if (l->__readers) {
    l->__readers--;
  } else {
    __sched_unlock();
    return EPERM;
  }
  if (!l->__writer && !l->__readers) {
    struct __pthread* w;
    while ((w = __dequeue(&l->__waiters))) __wake(w);
  }
  __sched_unlock();
  return 0;
}
