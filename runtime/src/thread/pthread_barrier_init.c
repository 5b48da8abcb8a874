/* pthread_barrier_init, pthread_barrier_destroy, pthread_barrierattr_*. */
#include <errno.h>
#include <pthread.h>
#include <string.h>

int pthread_barrier_init(pthread_barrier_t* b, const pthread_barrierattr_t* a, unsigned count) {
  (void)a;
  if (count == 0) return EINVAL;
  memset(b, 0, sizeof *b);
  b->__count = count;
  return 0;
}

int pthread_barrier_destroy(pthread_barrier_t* b) { return b->__arrived ? EBUSY : 0; }

int pthread_barrierattr_init(pthread_barrierattr_t* a) {
  a->__unused = 0;
  return 0;
}

int pthread_barrierattr_destroy(pthread_barrierattr_t* a) {
  (void)a;
  return 0;
}
