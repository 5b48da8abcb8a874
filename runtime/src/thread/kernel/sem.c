/* Unnamed, process-private semaphores for the kernel backend (<semaphore.h>). The value is the
 * futex: sem_wait takes one with a compare-and-swap while it is positive and otherwise sleeps
 * while it is 0; __waiters.__head counts sleepers, so a sem_post with none makes no system
 * call. sem_wait and sem_timedwait are cancellation points. */
#include <errno.h>
#include <limits.h>
#include <semaphore.h>
#include <time.h>

#include "kpthread.h"

#define NWAIT(s) KWORD((s)->__waiters.__head)

int sem_init(sem_t* s, int pshared, unsigned value) {
  if (pshared) {
    errno = ENOSYS;
    return -1;
  }
  if (value > SEM_VALUE_MAX) {
    errno = EINVAL;
    return -1;
  }
  s->__value = (int)value;
  s->__waiters.__head = s->__waiters.__tail = 0;
  return 0;
}

int sem_destroy(sem_t* s) {
  if (NWAIT(s)) {
    errno = EBUSY;
    return -1;
  }
  return 0;
}

int sem_trywait(sem_t* s) {
  for (int v; (v = s->__value) > 0;)
    if (a_cas(&s->__value, v, v - 1) == v) return 0;
  errno = EAGAIN;
  return -1;
}

int sem_timedwait(sem_t* s, const struct timespec* abstime) {
  __testcancel();
  if (abstime && (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000)) {
    errno = EINVAL;
    return -1;
  }
  for (;;) {
    int v = s->__value;
    if (v > 0) {
      if (a_cas(&s->__value, v, v - 1) == v) return 0;
      continue;
    }
    a_add_fetch(&NWAIT(s), 1);
    int r = __ktimedwait(&s->__value, 0, CLOCK_REALTIME, abstime, 1);
    a_add_fetch(&NWAIT(s), -1);
    if (r == ECANCELED) __cancel();
    if (r) {
      errno = r;
      return -1;
    }
  }
}

int sem_wait(sem_t* s) { return sem_timedwait(s, 0); }

int sem_post(sem_t* s) {
  for (int v;;) {
    v = s->__value;
    if (v == SEM_VALUE_MAX) {
      errno = EOVERFLOW;
      return -1;
    }
    if (a_cas(&s->__value, v, v + 1) == v) break;
  }
  if (NWAIT(s)) __kfutex_wake(&s->__value, 1);
  return 0;
}

int sem_getvalue(sem_t* s, int* value) {
  *value = s->__value;
  return 0;
}

sem_t* sem_open(const char* name, int flags, ...) {
  (void)name, (void)flags;
  errno = ENOSYS;
  return SEM_FAILED;
}

int sem_close(sem_t* s) {
  (void)s;
  errno = ENOSYS;
  return -1;
}

int sem_unlink(const char* name) {
  (void)name;
  errno = ENOSYS;
  return -1;
}
