/* __thmb_cache - ThMBs and stacks of finished threads, kept for the next pthread_create (as musl
 * and glibc keep stacks): making a thread then costs a few stores instead of a malloc of a
 * 64 KiB stack and the zeroing of a ThMB with its thread-specific data, which was most of what
 * pthread_create took.
 *
 * Only default-size stacks with the default guard (still PROT_NONE: it stays so) are kept, at most THMB_CACHE of them (the rest are freed), on a list
 * linked through `next` and guarded by __sched_lock: pthread_join holds it already when it is
 * done with a thread. A ThMB is put here only when its thread is off its stack: joined, or
 * detached and reaped (pthread_exit.c says why that is safe). */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "pthread_impl.h"

static struct __pthread* cache; /* (sched) */
static int ncached;             /* (sched) */

int __thmb_put(struct __pthread* t) {
  if (!t->mem || t->stack_size != PTHREAD_STACK_DEFAULT || t->guard_size != PTHREAD_GUARD_DEFAULT ||
      ncached == THMB_CACHE)
    return 0;
  t->next = cache;
  cache = t;
  ncached++;
  return 1;
}

/* What a fresh ThMB has: everything up to mem zero (regs.pc too: no save to consume), its stack
 * where it was, no pending cancellation or signal, no thread-specific values (cleared only if
 * the last thread set some: 1 KiB). */
static void reset(struct __pthread* t) {
  uint32_t top = t->stack_top;
  memset(t, 0, offsetof(struct __pthread, mem));
  t->stack_top = top;
  t->cancel = t->cancel_disable = t->cancel_async = 0;
  t->sigpend = 0;
  if (t->tsd_used) {
    memset(t->tsd, 0, sizeof t->tsd);
    t->tsd_used = 0;
  }
}

struct __pthread* __thmb_get(size_t stack, size_t guard) {
  if (stack == PTHREAD_STACK_DEFAULT && guard == PTHREAD_GUARD_DEFAULT && cache) { /* a hint without the lock */
    __sched_lock_take();
    struct __pthread* t = cache;
    if (t) {
      cache = t->next;
      ncached--;
    }
    __sched_unlock();
    if (t) {
      reset(t);
      return t;
    }
  }
  return __thmb_alloc(stack, guard);
}
