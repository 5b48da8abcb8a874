/* sem_init, sem_destroy, sem_getvalue, and the named-semaphore calls, which do not exist here
 * (ENOSYS: no shared memory between processes for them to live in). */
#include <errno.h>
#include <semaphore.h>

#include "pthread_impl.h"

int sem_init(sem_t* s, int pshared, unsigned value) {
  if (value > SEM_VALUE_MAX) {
    errno = EINVAL;
    return -1;
  }
  if (pshared) {
    errno = ENOSYS;
    return -1;
  }
  s->__value = (int)value;
  s->__waiters.__head = s->__waiters.__tail = 0;
  return 0;
}

int sem_destroy(sem_t* s) {
  if (s->__waiters.__head) {
    errno = EBUSY;
    return -1;
  }
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
