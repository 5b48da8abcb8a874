/* pthread_create - start a thread running start(arg).
 *
 * hw: the ThMB and stack are made (or reused: __thmb_cache.c), then tfork starts the thread at
 * once on a free architecture thread; if none is free (tfork gives 0), on a machine of several
 * cores kasane_ctx_start starts it on another core (__spread.c: the least-loaded, or one its
 * affinity names); else the thread goes into the ready queue and the first context that frees up
 * or runs out of work takes it. Conventional: always the ready queue, which
 * the polling contexts look at.
 *
 * Detached threads that have exited are freed (or cached, __thmb_cache.c) here: a thread cannot
 * free the stack it runs on, so pthread_exit leaves them on __reap. Once the lock is ours, they
 * are off their stacks (the lock is held from a thread's exit until its context has left its
 * stack).
 *
 * The new thread inherits the creator's signal mask (POSIX); its cancellation state is enabled
 * and deferred. With pthread_attr_setstack its ThMB is carved from the top of the caller's stack
 * (mem = 0: never freed by the library). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "pthread_impl.h"

static void reap(void) {
  __sched_lock_take();
  struct __pthread *dead = __reap, *unkept = 0;
  __reap = 0;
  while (dead) {
    struct __pthread* next = dead->next;
    if (!__thmb_put(dead)) {
      dead->next = unkept;
      unkept = dead;
    }
    dead = next;
  }
  __sched_unlock();
  while (unkept) {
    struct __pthread* next = unkept->next;
    __thmb_free(unkept);
    unkept = next;
  }
}

/* A ThMB at the top of the caller's stack [addr, addr + size), the stack below it; 0 if the
 * ThMB and PTHREAD_STACK_MIN / 2 of stack do not fit. */
static struct __pthread* on_stack(void* addr, size_t size) {
  uint32_t lo = (uint32_t)addr, top = (lo + size - sizeof(struct __pthread)) & ~15u;
  if (size < sizeof(struct __pthread) || top < lo + PTHREAD_STACK_MIN / 2) return 0;
  struct __pthread* t = (struct __pthread*)top;
  memset(t, 0, sizeof *t);
  t->stack_size = top - lo;
  t->stack_top = (top - 16) & ~7u; /* the o32 argument area of the first frame above */
  return t;
}

/* A thread with a cpus mask (pthread_attr_setaffinity_np): hw starts it on this core if the mask
 * allows it, else on another of its cores (__spread.c); if none has a free context, and on the
 * conventional backend, it waits in the ready queue, where only a context of its cores takes it. */
static int create_pinned(struct __pthread* t, unsigned long cpus) {
  __pin(t, cpus);
#ifdef KASANE_THREADS_HW
  t->state = ST_RUNNING;
  a_barrier();
  if (__cpu_allowed(t, __ctx_idx()) && kasane_tfork((unsigned long)__thread_entry, (unsigned long)t))
    return 0;
  if (__multicore && __spread_thread(t)) return 0;
#endif
  __sched_lock_take();
  __make_ready(t);
  __sched_unlock();
  return 0;
}

int pthread_create(pthread_t* res, const pthread_attr_t* attr, void* (*start)(void*), void* arg) {
  if (!__pthread_ready_to_go) __pthread_init();
  if (__reap) reap();
  struct __pthread* t;
  if (attr && attr->__stackaddr) {
    t = on_stack(attr->__stackaddr, attr->__stacksize);
  } else {
    size_t guard = attr && attr->__guardset ? attr->__guardsize : PTHREAD_GUARD_DEFAULT;
    t = __thmb_get(attr && attr->__stacksize ? attr->__stacksize : PTHREAD_STACK_DEFAULT, guard);
  }
  if (!t) return EAGAIN;
  t->sigmask = __sigmask_used ? __self()->sigmask : 0;
  t->start = start;
  t->arg = arg;
  t->detached = attr && attr->__detach == PTHREAD_CREATE_DETACHED;
  t->ctx.sp = t->stack_top;
  t->ctx.ra = (uint32_t)__thread_trampoline;
  t->ctx.s[0] = (uint32_t)t;
  a_add_fetch(&__live, 1);
  t->id = THMB_ID;
  *res = t;
  if (attr && attr->__cpus) return create_pinned(t, attr->__cpus);
#ifdef KASANE_THREADS_HW
  t->state = ST_RUNNING;
  a_barrier(); /* the ThMB is complete before the new context reads it */
  if (kasane_tfork((unsigned long)__thread_entry, (unsigned long)t)) return 0;
  if (__multicore && __spread_thread(t)) return 0; /* the least-loaded other core */
#endif
  __sched_lock_take();
  __make_ready(t);
  __sched_unlock();
  return 0;
}
