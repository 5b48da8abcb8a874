/* pthread_attr_setaffinity_np, pthread_attr_getaffinity_np, pthread_setaffinity_np,
 * pthread_getaffinity_np - the cores a thread may run on, with glibc's signatures.
 *
 * A CPU here is a core, as for the kernel's sched_setaffinity: a process owns every context of
 * each core it is on, so bit c of the cpu_set_t is core c, and the library picks the context. The
 * mask is the first word of the set (32 cores; the machine has at most KASANE_MAX_CONTEXTS
 * contexts). A thread created with one starts on one of its cores (__spread.c); whenever it is
 * switched out and ready again, only a context of those cores takes it from the ready queue. A
 * mask that names no core the process may run on is EINVAL, as glibc's kernel call gives. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>

#include "pthread_impl.h"

/* The mask of set's first size bytes, or 0 if they name nothing. */
static unsigned long mask_of(size_t size, const cpu_set_t* set) {
  unsigned long m = 0;
  if (set) memcpy(&m, set->__bits, size < sizeof m ? size : sizeof m);
  return m;
}

/* mask as a size-byte set: EINVAL if it does not fit. */
static int put_mask(size_t size, cpu_set_t* set, unsigned long mask) {
  if (size < sizeof mask && (mask >> (8 * size))) return EINVAL;
  memset(set, 0, size);
  memcpy(set->__bits, &mask, size < sizeof mask ? size : sizeof mask);
  return 0;
}

/* The cores the library knows of: those the process may run on (every core before the library
 * has started: __ncpu is set then). */
static unsigned long process_cores(void) {
  if (!__pthread_ready_to_go) __pthread_init();
  return __allowed_cores();
}

int pthread_attr_setaffinity_np(pthread_attr_t* a, size_t size, const cpu_set_t* set) {
  unsigned long m = mask_of(size, set);
  if (m && !(m & process_cores())) return EINVAL;
  a->__cpus = m;
  return 0;
}

/* With no mask in the attr, every core the process may run on (a thread so created may run on
 * any of them). */
int pthread_attr_getaffinity_np(const pthread_attr_t* a, size_t size, cpu_set_t* set) {
  return put_mask(size, set, a->__cpus ? a->__cpus : process_cores());
}

/* For the caller itself it takes effect at once: on a core the mask excludes, it moves. Another
 * thread is moved the next time it is switched out and taken from the ready queue. */
int pthread_setaffinity_np(pthread_t t, size_t size, const cpu_set_t* set) {
  unsigned long m = mask_of(size, set) & process_cores();
  if (!m) return EINVAL;
  if (!__id_valid(t)) return ESRCH;
  __pin(t, m == __allowed_cores() ? 0 : m);
  if (t == __self()) __migrate_self(t);
  return 0;
}

int pthread_getaffinity_np(pthread_t t, size_t size, cpu_set_t* set) {
  if (!__id_valid(t)) return ESRCH;
  return put_mask(size, set, t->cpus ? t->cpus : process_cores());
}
