/* __all - the threads whose pthread_t is valid: created and not yet joined, or detached and not
 * yet exited. pthread_join, pthread_detach and pthread_kill look a thread up here before they touch
 * it, so one already joined gives ESRCH, as glibc gives, instead of a read of freed memory.
 *
 * The rule for reused ids: a joined thread's ThMB may be kept for the next pthread_create
 * (__thmb_cache.c), or its memory reused by malloc for another thread's ThMB, so the same
 * pthread_t can name a new thread later; from then on it is that thread's id (glibc reuses its
 * descriptors the same way). An id is stale only between the join and the reuse.
 *
 * A doubly linked list guarded by __sched_lock; the main thread is in it from the start. */
#include "pthread_impl.h"

static struct __pthread* all = &__pthread_main; /* (sched) */

void __all_add(struct __pthread* t) {
  t->all_prev = 0;
  t->all_next = all;
  if (all) all->all_prev = t;
  all = t;
}

void __all_remove(struct __pthread* t) {
  if (t->all_prev)
    t->all_prev->all_next = t->all_next;
  else if (all == t)
    all = t->all_next;
  else
    return; /* not in the list */
  if (t->all_next) t->all_next->all_prev = t->all_prev;
  t->all_prev = t->all_next = 0;
}

int __all_has(struct __pthread* t) {
  for (struct __pthread* p = all; p; p = p->all_next)
    if (p == t) return 1;
  return 0;
}
