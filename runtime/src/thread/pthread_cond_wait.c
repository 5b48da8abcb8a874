/* pthread_cond_wait - wait on c, with m released meanwhile (__cond_wait.c). */
#include <pthread.h>

#include "pthread_impl.h"

int pthread_cond_wait(pthread_cond_t* c, pthread_mutex_t* m) { return __cond_wait(c, m, 0); }
