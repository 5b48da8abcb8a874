/* pthread_create - start a thread running start(arg).
 *
 * Fast path (no attributes, a cached ThMB: __thmb_cache.c): pop the ThMB without a lock, store
 * what a new thread starts with, and (hw) tfork the thread at once onto a free architecture
 * thread, where it runs from __thread_entry. Nothing of the scheduler is touched; the seed's
 * goal is a create of under 100 cycles.
 *
 * Slow path: the library's start-up (the first create), freeing exited detached threads,
 * attributes, a new ThMB and stack (__thmb_alloc), and a thread that finds no free context: on
 * a machine of several cores kasane_ctx_start starts it on another core (__spread.c: the
 * least-loaded, or one its affinity names); else it goes into the ready queue and the first
 * context that frees up or runs out of work takes it. Conventional: always the ready queue,
 * which the polling contexts look at.
 *
 * Detached threads that have exited are freed (or cached) here: a thread cannot free the stack
 * it runs on, so pthread_exit leaves them on __reap. Once the lock is ours, they are off their
 * stacks (the lock is held from a thread's exit until its context has left its stack).
 *
 * The new thread inherits the creator's signal mask (POSIX); its cancellation state is enabled
 * and deferred. With pthread_attr_setstack its ThMB is carved from the top of the caller's stack
 * (mem = 0: never freed by the library). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "pthread_impl.h"

/* What a new thread starts with, in a ThMB from the cache or __thmb_alloc (zeroed), or carved
 * from the caller's stack (zeroed). Only the fields a thread's life can leave nonzero are
 * stored: the rest are 0 whenever a thread has exited (pthread_impl.h, struct __pthread), and
 * __tsd_run_destructors cleared its thread-specific data. */
static inline __attribute__((always_inline)) void
fresh(struct __pthread* t, void* (*start)(void*), void* arg) {
  t->start = start;
  t->arg = arg;
  t->joiner = 0;
  t->detached = 0;
  t->cpus = 0;
  t->errno_val = 0;
  t->cancel = t->cancel_disable = t->cancel_async = 0;
  t->sigpend = 0;
  t->sigmask = __sigmask_used ? __self()->sigmask : 0;
}

/* Make t runnable: its context is where __switch will start it (the ready queue's way). */
static void queue(struct __pthread* t) {
  a_barrier(); /* the exited thread's last stores to t (ctx, on_stack) before ours */
  t->ctx.sp = t->stack_top;
  t->ctx.ra = (uint32_t)__thread_trampoline;
  t->ctx.s[0] = (uint32_t)t;
  t->ctx.fcsr = 0; /* round to nearest, no traps: the cached ThMB holds its last thread's */
  __sched_lock_take();
  __make_ready(t);
  __sched_unlock();
}

static void reap(void) {
  __sched_lock_take();
  struct __pthread *dead = __reap, *unkept = 0;
  __reap = 0;
  while (dead) {
    struct __pthread* next = dead->next;
    if (!__thmb_put(dead)) {
      __djoin_end(dead); /* (pthread_impl.h, __djoiner) */
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

/* Start t (complete, RUNNING) somewhere else than on a free context of this core, which tfork
 * did not find: hw on a machine of several cores on another core (__spread.c: the least-loaded,
 * or one its affinity names); else, and on the conventional backend, in the ready queue, where
 * (with a cpus mask) only a context of its cores takes it. */
static int start_elsewhere(struct __pthread* t) {
#ifdef KASANE_THREADS_HW
  if (__multicore && __spread_thread(t)) return 0;
#endif
  queue(t);
  return 0;
}

/* Everything but the fast path: see the top of the file. */
static int __attribute__((noinline))
create_slow(pthread_t* res, const pthread_attr_t* attr, void* (*start)(void*), void* arg) {
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
  fresh(t, start, arg);
  t->state = ST_RUNNING; /* not EXITED, as a cached ThMB is: __pin counts it */
  t->detached = attr && attr->__detach == PTHREAD_CREATE_DETACHED;
  if (attr && attr->__cpus) __pin(t, attr->__cpus);
  a_add_fetch(&__live, 1);
  t->id = THMB_ID;
  *res = t;
  __thmb_settle(t);
#ifdef KASANE_THREADS_HW
  a_barrier(); /* the ThMB is complete before the new context reads it */
  if (__cpu_allowed(t, __ctx_idx()) && kasane_tfork((unsigned long)__thread_entry, (unsigned long)t))
    return 0;
#endif
  return start_elsewhere(t);
}

int pthread_create(pthread_t* res, const pthread_attr_t* attr, void* (*start)(void*), void* arg) {
  struct __pthread* t;
  if (attr || !__pthread_ready_to_go || __reap || !(t = __thmb_pop()))
    return create_slow(res, attr, start, arg);
  fresh(t, start, arg);
  a_add_fetch(&__live, 1);
  t->id = THMB_ID;
  *res = t;
  __thmb_settle(t); /* often past already: the stores above overlap its exit's last steps */
#ifdef KASANE_THREADS_HW
  t->state = ST_RUNNING;
  a_barrier(); /* the ThMB is complete before the new context reads it */
  if (kasane_tfork((unsigned long)__thread_entry, (unsigned long)t)) return 0;
#endif
  return start_elsewhere(t);
}
