/* pthread_cond_init, pthread_cond_destroy, pthread_condattr_*: a condition is its queue of
 * waiters; only CLOCK_REALTIME timeouts exist, so there is nothing to configure. */
#include <errno.h>
#include <pthread.h>

int pthread_cond_init(pthread_cond_t* c, const pthread_condattr_t* a) {
  (void)a;
  c->__waiters.__head = c->__waiters.__tail = 0;
  return 0;
}

int pthread_cond_destroy(pthread_cond_t* c) { return c->__waiters.__head ? EBUSY : 0; }

int pthread_condattr_init(pthread_condattr_t* a) {
  a->__unused = 0;
  return 0;
}

int pthread_condattr_destroy(pthread_condattr_t* a) {
  (void)a;
  return 0;
}
