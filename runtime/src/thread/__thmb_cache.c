/* __thmb_cache - ThMBs and stacks of finished threads, kept for the next pthread_create (as musl
 * and glibc keep stacks): making a thread then costs a few stores instead of a malloc of a
 * 64 KiB stack and the zeroing of a ThMB with its thread-specific data.
 *
 * Only default-size stacks with the default guard (still PROT_NONE: it stays so) are kept, at
 * most THMB_CACHE of them (the rest are freed). A ThMB is put here when nobody needs it (its
 * thread exited and was joined, or was detached) and its thread is off its stack, with one
 * exception: an exiting thread whose context is about to texit puts itself here, marked
 * on_stack, and the last store before its texit clears the mark (pthread_exit.c, __leave). A pop
 * does not wait for that store: the exit writes none of the fields pthread_create stores, so the
 * create stores them meanwhile and waits only before the new thread may run on the stack
 * (__thmb_settle), a few instructions from its exit's texit, and often past it.
 *
 * A stack of pointers in a fixed array, `top` (__thmb_top) of them in use (__thmb_slots). Pushes
 * (__thmb_put, inline in pthread_impl.h: an exit makes one) come only under
 * __sched_lock (join, detach, reap), so two never race; pops (__thmb_pop, every pthread_create)
 * take no lock, so that a create touches neither the scheduler lock nor its line.
 *
 * ABA. A pop is one LL/SC on `top` (a_slot_pop): LL top (m), load slots[m - 1], SC m - 1. A compare-and-swap
 * on a linked list's head cannot see the head popped and pushed back between its reading the
 * head's link and its swap, and installs a stale link; here any store to `top` meanwhile (a pop,
 * a push) breaks the link and the SC fails, so the slot loaded is that of exactly the `top` it
 * replaces. A list would also make the pop read a ThMB that another context may have popped,
 * run, freed and seen malloc turn into another thread's PROT_NONE guard; the array is static, so
 * the load never faults, whatever the slot holds.
 *
 * Ordering. A push writes slots[n] for the n it read, then (after a barrier) swings top from n to
 * n + 1; while it runs, only pops change top, and they lower it, so a pop that reads a slot reads
 * one below the n the push writes: never the slot being written, and a pop whose SC succeeds read
 * a slot written before the top it saw. The barrier after a successful pop keeps the ThMB's
 * fields from being read before it is ours (they were written before its push). */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

#include "pthread_impl.h"

struct __pthread* __thmb_slots[THMB_CACHE];
volatile int __thmb_top;

struct __pthread* __thmb_pop(void) {
  struct __pthread* t = a_slot_pop(&__thmb_top, (void* const*)__thmb_slots);
  if (!t) return 0;
  a_barrier(); /* nothing of t is read before it is ours */
  return t;
}

/* A ThMB for a new thread with a `stack`-byte stack and a `guard`-byte guard: a cached one if
 * both are the defaults and one is there, else a fresh one (__thmb_alloc); or 0. Either way the
 * caller sets what a new thread starts with (pthread_create.c, fresh). */
struct __pthread* __thmb_get(size_t stack, size_t guard) {
  struct __pthread* t = 0;
  if (stack == PTHREAD_STACK_DEFAULT && guard == PTHREAD_GUARD_DEFAULT) t = __thmb_pop();
  return t ? t : __thmb_alloc(stack, guard);
}
