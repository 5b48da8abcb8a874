/* __pthread_state - the library's shared state, and the two hooks through which the rest of the
 * runtime reaches it: the running thread's errno slot and the way to wait for a busy lock.
 *
 * The hooks replace weak definitions in the C library (src/errno/__errno_location.c,
 * src/internal/__lock_wait.c). They live in this file, which every thread function refers to,
 * so that whenever a program uses threads the linker has loaded them before (or, if the C library
 * came first, overrides with them) the weak defaults. */
#include <sched.h>

#include "lock.h"
#include "pthread_impl.h"

struct __pthread* volatile __thmbs[NCTX];
struct __pthread* volatile __running[NCTX];
struct __pthread* volatile __prev[NCTX];
struct __pthread* __idle[NCTX];
struct __pthread __pthread_main = {.state = ST_RUNNING, .ltn = 1};
/* Alone on its line: a waiter MWAITs on the line, and stores to neighbours would wake it. */
volatile int __sched_lock __attribute__((aligned(64)));
struct __pthread_queue __ready __attribute__((aligned(64)));
struct __pthread* volatile __unblocked;
volatile int __ctx0_wake __attribute__((aligned(64))); /* alone on its line, MONITORed */
volatile int __suspended;
volatile int __live = 1;
int __nctx = 1;
volatile int __pthread_ready_to_go;
struct __pthread* __reap;

int* __pthread_errno_location(void) { return &__self()->errno_val; }

/* One round of waiting for the runtime lock *l (lock.h), which looks taken. Its holder is running
 * on another context, or is a ready thread that took __lock_wait's own way out below and waits
 * for a context: so if a thread is ready, let it have ours. */
void __lock_wait(volatile int* l) {
  if (__pthread_ready_to_go && __thmbs[__ctx_idx()] && __ready_nonempty()) {
    __yield(__self());
    return;
  }
#ifdef KASANE_THREADS_HW
  kasane_monitor((unsigned long)l);
  if (*l) kasane_mwait(LOCK_WAIT_CYCLES, 0);
#else
  (void)l;
  __conv_pause();
#endif
}

#include <stdio.h>
#include <kasane/notify.h>
#include <kasane/syscalls.h>
struct __pthread* __dbg_threads[256];
int __dbg_nthreads;
void __dbg_dump(void) {
  fprintf(stderr, "DUMP ready %p unblocked %p lock %d susp %x live %d ctx0wake %d\n", (void*)__ready.__head, (void*)__unblocked, __sched_lock, __suspended, __live, __ctx0_wake);
  for (struct __pthread* q = __ready.__head; q; q = q->rnext) fprintf(stderr, "  ready %p\n", (void*)q);
  for (int i = 0; i < __nctx; i++) fprintf(stderr, "ctx %d: thmbs %p running %p prev %p idle %p\n", i, (void*)__thmbs[i], (void*)__running[i], (void*)__prev[i], (void*)__idle[i]);
  fprintf(stderr, "main %p state %d\n", (void*)&__pthread_main, __pthread_main.state);
  for (int i = 0; i < __dbg_nthreads; i++) { struct __pthread* x = __dbg_threads[i]; fprintf(stderr, "t%d %p: state %d ltn %d early %d pc %x ra %x next %p\n", i, (void*)x, x->state, x->ltn, x->early, x->regs.pc, x->ctx.ra, (void*)x->next); }
  struct kasane_notify_stats st; kasane_notify_stats(&st);
  fprintf(stderr, "blocked %u unblocked %u\n", st.blocked, st.unblocked);
}
