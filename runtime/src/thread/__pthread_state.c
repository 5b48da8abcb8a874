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
struct __pthread __pthread_main = {.state = ST_RUNNING, .ltn = 1, .id = THMB_ID};
/* Alone on its line: a waiter MWAITs on the line, and stores to neighbours would wake it. */
volatile int __sched_lock __attribute__((aligned(64)));
struct __pthread_queue __ready __attribute__((aligned(64)));
struct __pthread* volatile __unblocked;
volatile int __ctx0_wake __attribute__((aligned(64))); /* alone on its line, MONITORed */
volatile int __suspended;
struct __pthread* volatile __djoiner[NCTX];
volatile int __live = 1;
int __nctx = 1;
int __ncpu = 1;
int __multicore;
unsigned char __ltn_of[NCTX] = {1}; /* CPU number -> LTN (__pthread_init) */
unsigned char __core_of[NCTX];      /* CPU number -> core (__pthread_init) */
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
  __ctx_sleep_while_set(l, LOCK_WAIT_CYCLES);
#else
  __conv_pause(__conv_word_clear, (const void*)l);
#endif
}
