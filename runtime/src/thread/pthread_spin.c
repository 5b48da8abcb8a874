/* pthread_spin_* - spin locks: the runtime's internal lock (src/internal/lock.h) under POSIX's
 * names. While the lock is taken, __lock_wait gives the context to a ready thread (the holder may
 * be one, switched out) and otherwise waits as the backend waits, so a spin lock cannot starve
 * its holder even with fewer contexts than threads. Not recursive: taking it twice deadlocks, as
 * POSIX allows. */
#include <errno.h>
#include <pthread.h>

#include "lock.h"

int pthread_spin_init(pthread_spinlock_t* l, int pshared) {
  (void)pshared;
  *l = 0;
  return 0;
}

int pthread_spin_destroy(pthread_spinlock_t* l) {
  (void)l;
  return 0;
}

int pthread_spin_lock(pthread_spinlock_t* l) {
  __lock(l);
  return 0;
}

int pthread_spin_trylock(pthread_spinlock_t* l) {
  if (*l || a_swap(l, 1)) return EBUSY;
  a_barrier();
  return 0;
}

int pthread_spin_unlock(pthread_spinlock_t* l) {
  __unlock(l);
  return 0;
}
