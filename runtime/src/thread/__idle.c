/* __idle - the idle thread of each context, and where every flow of the library starts: a new
 * thread (tfork'd or switched to), a runner (a context tfork'd to run the ready queue), the idle
 * thread itself.
 *
 * Each context the library uses has an idle ThMB with a small stack of its own. It runs ready
 * threads, continues threads the kernel unblocked (which must happen on a stack nobody else can
 * pick up), and waits when there is nothing to do (__backend_*.c, __idle_wait): on hw it frees
 * its context (texit), except on context 0 or while timed waiters need a context to watch their
 * deadlines; on the conventional backend it polls the queue for a while, then sleeps in MWAIT
 * until a thread is ready or the next deadline (__timer.c). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "pthread_impl.h"

/* A new ThMB with a stack of `stack` bytes below it, zeroed but for its stack, or 0. With a
 * guard, the block from malloc also holds guard bytes, rounded up to whole pages and page-aligned
 * (up to a page of slack below them), just under the stack, made PROT_NONE: a thread that
 * overflows its stack faults there (SIGSEGV) instead of writing over the heap below. If the
 * kernel refuses (no mprotect), the thread simply goes without. */
struct __pthread* __thmb_alloc(size_t stack, size_t guard) {
  stack = (stack + 15) & ~(size_t)15;
  guard = (guard + THMB_PAGE - 1) & ~(size_t)(THMB_PAGE - 1);
  size_t slack = guard ? THMB_PAGE - 1 : 0;
  char* mem = malloc(slack + guard + stack + sizeof(struct __pthread));
  if (!mem) return 0;
  char* g = (char*)(((uintptr_t)mem + slack) & ~(uintptr_t)slack);
  struct __pthread* t = (struct __pthread*)(g + guard + stack);
  memset(t, 0, sizeof *t);
  t->mem = mem;
  t->stack_size = stack;
  t->stack_top = ((uint32_t)t - 16) & ~7u; /* the o32 argument area of the first frame above */
  if (guard && mprotect(g, guard, PROT_NONE) == 0) {
    t->guard = g;
    t->guard_size = guard;
  }
  return t;
}

void __thmb_free(struct __pthread* t) {
  if (t->guard) mprotect(t->guard, t->guard_size, PROT_READ | PROT_WRITE);
  free(t->mem);
}

struct __pthread* __idle_alloc(int ltn) {
  struct __pthread* idle = __thmb_alloc(IDLE_STACK, 0); /* the library's own code: no guard */
  if (!idle) __pthread_init_failed("idle thread stacks");
  idle->ltn = ltn;
  idle->state = ST_RUNNING;
  __idle_reset(idle);
  return idle;
}

/* (locked) The context idle thread self runs on, whose idle thread it becomes. The kernel moves
 * a process between cores with every thread stopped, LTN for LTN, so an idle thread may find
 * itself on another CPU number than the one it was the idle thread of; it trades places with
 * that CPU's idle thread (switched out or fresh: a context runs one thread at a time, and this
 * one runs here), so that a switch to __idle[idx] never finds a thread already running. */
int __idle_here(struct __pthread* self) {
  int idx = __ctx_idx(), was = self->ltn - 1;
  if (__idle[idx] != self && was >= 0 && __idle[was] == self) {
    __idle[was] = __idle[idx];
    if (__idle[was]) __idle[was]->ltn = was + 1;
    __idle[idx] = self;
  }
  self->ltn = idx + 1;
  return idx;
}

/* The idle thread's loop; entered with the lock held, which every switch back into it hands
 * over again. */
void __idle_loop(struct __pthread* self) {
  for (;;) {
    __reclaim_dead(); /* the switch here may have come from a thread's exit (__leave) */
    int idx = __idle_here(self);
    struct __pthread* t = self->resume;
    if (t) {
      self->resume = 0;
      __resume_kernel_saved(self, t, idx);
    }
    t = __next_ready();
    if (t && t->state == ST_READY_KERNEL) {
      self->resume = t;
    } else if (t) {
      t->state = ST_RUNNING;
      t->ltn = idx + 1;
      __switch(self, t, idx);
    } else {
      __idle_wait(idx);
    }
  }
}

void __idle_resume_start(struct __pthread* idle) { __idle_loop(idle); }

/* hw: a runner tfork'd by dispatch() on a free context, on that context's idle stack. The slot
 * is 0 (whoever left the context cleared it), so no upcall comes until it names a ThMB. */
void __runner_start(struct __pthread* idle) {
  int idx = __ctx_idx();
  idle->ltn = idx + 1;
  __idle_reset(idle);
  __running[__run_idx(idx)] = idle;
  __thread_tag(idle);
  __thmbs[idx] = idle;
  if (__multicore && __ready_nonempty()) __dispatch(); /* more of this core for the queue */
  __sched_lock_take();
  __idle_loop(idle);
}

/* hw: a thread tfork'd by pthread_create, on its own stack; the slot is 0 as for a runner. */
void __thread_start(struct __pthread* t) {
  int idx = __ctx_idx();
  t->ltn = idx + 1;
  __running[__run_idx(idx)] = t;
  __thread_tag(t);
  __thmbs[idx] = t;
  if (__multicore && __ready_nonempty()) __dispatch(); /* more of this core for the queue */
  pthread_exit(t->start(t->arg));
}

/* A thread started from the ready queue: its first __switch lands here, lock held. */
void __thread_resume_start(struct __pthread* t) {
  __reclaim_dead();
  __sched_unlock();
  pthread_exit(t->start(t->arg));
}
