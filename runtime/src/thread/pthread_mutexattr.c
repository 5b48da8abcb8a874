/* pthread_mutexattr_* - mutex attributes: the type (normal, recursive, error-checking). */
#include <errno.h>
#include <pthread.h>

int pthread_mutexattr_init(pthread_mutexattr_t* a) {
  a->__type = PTHREAD_MUTEX_DEFAULT;
  return 0;
}

int pthread_mutexattr_destroy(pthread_mutexattr_t* a) {
  (void)a;
  return 0;
}

int pthread_mutexattr_settype(pthread_mutexattr_t* a, int type) {
  if (type != PTHREAD_MUTEX_NORMAL && type != PTHREAD_MUTEX_RECURSIVE &&
      type != PTHREAD_MUTEX_ERRORCHECK)
    return EINVAL;
  a->__type = type;
  return 0;
}

int pthread_mutexattr_gettype(const pthread_mutexattr_t* a, int* type) {
  *type = a->__type;
  return 0;
}
