/* pthread_attr_setaffinity_np, pthread_attr_getaffinity_np, pthread_setaffinity_np,
 * pthread_getaffinity_np for the kernel backend: the kernel's sched_setaffinity and
 * sched_getaffinity on the thread's tid, as glibc does. bit c of the set is core c, as for the
 * other backends. A thread created with a mask gets it from its creator just after clone. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>

#include "kpthread.h"

/* The mask of set's first size bytes. */
static unsigned long mask_of(size_t size, const cpu_set_t* set) {
  unsigned long m = 0;
  if (set) memcpy(&m, set->__bits, size < sizeof m ? size : sizeof m);
  return m;
}

/* The cores the process may run on now. */
static unsigned long process_cores(void) {
  unsigned long m = 0;
  __syscall3(SYS_sched_getaffinity, 0, sizeof m, (long)&m);
  return m;
}

static int put_mask(size_t size, cpu_set_t* set, unsigned long mask) {
  if (size < sizeof mask && (mask >> (8 * size))) return EINVAL;
  memset(set, 0, size);
  memcpy(set->__bits, &mask, size < sizeof mask ? size : sizeof mask);
  return 0;
}

int pthread_attr_setaffinity_np(pthread_attr_t* a, size_t size, const cpu_set_t* set) {
  unsigned long m = mask_of(size, set);
  if (m && !(m & process_cores())) return EINVAL;
  a->__cpus = m;
  return 0;
}

int pthread_attr_getaffinity_np(const pthread_attr_t* a, size_t size, cpu_set_t* set) {
  return put_mask(size, set, a->__cpus ? a->__cpus : process_cores());
}

/* The tid the kernel knows t by: the main thread's is the pid, 0 names the caller. */
static int tid_of(pthread_t t) {
  __kinit();
  return t == __kself() ? 0 : t->tid;
}

int pthread_setaffinity_np(pthread_t t, size_t size, const cpu_set_t* set) {
  if (t->id != KTHREAD_ID && t != &__kmain) return ESRCH;
  unsigned long m = mask_of(size, set);
  long r = __syscall3(SYS_sched_setaffinity, tid_of(t), sizeof m, (long)&m);
  return r < 0 ? (int)-r : 0;
}

int pthread_getaffinity_np(pthread_t t, size_t size, cpu_set_t* set) {
  if (t->id != KTHREAD_ID && t != &__kmain) return ESRCH;
  unsigned long m = 0;
  long r = __syscall3(SYS_sched_getaffinity, tid_of(t), sizeof m, (long)&m);
  if (r < 0) return (int)-r;
  return put_mask(size, set, m);
}
