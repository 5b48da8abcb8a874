/* pthread_cond_timedwait - pthread_cond_wait with a deadline: abstime, absolute, by
 * CLOCK_REALTIME; ETIMEDOUT (with m taken again) once it has passed. */
#include <pthread.h>

#include "pthread_impl.h"

int pthread_cond_timedwait(pthread_cond_t* c, pthread_mutex_t* m, const struct timespec* abstime) {
  return __cond_wait(c, m, abstime);
}
