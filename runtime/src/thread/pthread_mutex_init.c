/* pthread_mutex_init, pthread_mutex_destroy. A mutex in use (locked) cannot be destroyed:
 * EBUSY. */
#include <errno.h>
#include <pthread.h>
#include <string.h>

int pthread_mutex_init(pthread_mutex_t* m, const pthread_mutexattr_t* a) {
  memset((void*)m, 0, sizeof *m);
  if (a) m->__type = a->__type;
  return 0;
}

int pthread_mutex_destroy(pthread_mutex_t* m) { return m->__lock ? EBUSY : 0; }
