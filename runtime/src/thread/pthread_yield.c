/* pthread_yield - let a ready thread of this process have the caller's context (GNU's name).
 * sched_yield is the kernel's call and yields between processes; a user thread that wants to
 * give way to user threads that are ready (one the kernel has just unblocked, for instance) calls
 * this. The fast path, nothing ready, is two loads and no lock: a compute loop may call it often. */
#include <pthread.h>

#include "pthread_impl.h"

int pthread_yield(void) {
  if (__pthread_ready_to_go && __ready_nonempty()) __yield(__self());
  return 0;
}
