/* __lazy_worker_main - a worker's scheduler loop: finish what the last thread left (its exit, its
 * wait, its yield), then run the newest continuation of its own deque, else steal the oldest of
 * another worker's, else sleep in MWAIT on a victim's deque until something is pushed there.
 *
 * A thread never ends, waits or yields on its own stack: it jumps here first (__lazy_to_sched)
 * and the loop, on the worker's stack, does the rest. Otherwise the thread's stack could be
 * given away (to the pool, or to a thief resuming the thread) while it still runs on it. */
#include <stdlib.h>

#include "lazy_impl.h"

#define RT __lazy_rt

void __lazy_to_sched(struct lazy_worker* w, int why) { longjmp(w->sched, why); }

/* Run t on this worker: a continuation resumes where it saved itself, the root starts. */
__attribute__((noreturn)) static void run(struct lazy_worker* w, struct lazy_thread* t) {
  w->cur = t;
  if (!t->started) {
    t->started = 1;
    __lazy_start(t->seg.hi, __lazy_child_main, t);
  }
  longjmp(t->ctx, 1);
}

/* The thread w->pending has returned. If its parent is still the newest continuation here,
 * nobody stole it: give it back the child's stack and go on with it (quick resume). Otherwise
 * the child's segment goes (to the pool under fair use) and a thread waiting for it resumes. */
static void finish_exit(struct lazy_worker* w) {
  struct lazy_thread* c = w->pending;
  w->pending = 0;
  if (!c->parent) { /* the root: the run is over */
    __lazy_seg_release(&c->seg, 0);
    free(c);
    a_barrier();
    RT.done = 1;
    return;
  }
  struct lazy_thread* p = __lazy_pop(w);
  /* Not c's parent waiting for c (a thread that yielded, or the parent after a later spawn):
   * leave it there. */
  if (p && (p != c->parent || p->last_child != c)) {
    __lazy_push(w, p);
    p = 0;
  }
  if (p) {
    if (c->carved) p->seg.lo = c->seg.lo; /* the child's part of the block is the parent's again */
    __lazy_seg_release(&c->seg, !c->carved);
    c->state = LAZY_DONE; /* nobody can be waiting: the parent is the only one to sync c */
    w->quick_resumes++;
    run(w, p);
  }
  __lazy_seg_release(&c->seg, 1);
  /* Release: what c wrote before DONE. The swap tells us whether its parent waits already. */
  a_barrier();
  unsigned long waiter = (unsigned long)a_swap((volatile int*)&c->state, (int)LAZY_DONE);
  if (waiter != LAZY_RUNNING) run(w, (struct lazy_thread*)waiter);
}

/* w->pending waits for w->join_on: park it in the child's state unless the child is done. */
static void finish_join(struct lazy_worker* w) {
  struct lazy_thread* t = w->pending;
  w->pending = 0;
  /* Full barrier both sides (gcc's __sync): the child's DONE swap and this CAS are ordered. */
  if (__sync_bool_compare_and_swap(&w->join_on->state, LAZY_RUNNING, (unsigned long)t)) return;
  run(w, t);
}

/* w->pending yields: run the newest continuation of this deque and put the yielder under it. */
static void finish_yield(struct lazy_worker* w) {
  struct lazy_thread* t = w->pending;
  w->pending = 0;
  struct lazy_thread* p = __lazy_pop(w);
  if (!p) run(w, t);
  __lazy_push(w, t);
  run(w, p);
}

void __lazy_worker_main(struct lazy_worker* w) {
  RT.by_ltn[kasane_tid()] = w;
  switch (setjmp(w->sched)) {
    case LAZY_EXITED: finish_exit(w); break;
    case LAZY_JOIN: finish_join(w); break;
    case LAZY_YIELD: finish_yield(w); break;
    default: break;
  }
  w->cur = 0;
  for (;;) {
    if (RT.done) return;
    struct lazy_thread* t = __lazy_pop(w);
    if (t) run(w, t);
    int n = RT.nworkers;
    for (int i = 1; i < n; i++) {
      t = __lazy_steal(RT.worker[(w->index + i) % n]);
      if (t) {
        w->steals++;
        run(w, t);
      }
    }
    /* Idle: sleep until the next victim in turn pushes (a store to its tail's line), or for
     * LAZY_IDLE_TIMEOUT cycles, after which we look at every deque and at `done` again. */
    struct lazy_worker* v = n > 1 ? RT.worker[(w->index + 1 + w->victim++ % (n - 1)) % n] : w;
    kasane_monitor((unsigned long)&v->tail);
    if (v->head >= v->tail && !RT.done) kasane_mwait(LAZY_IDLE_TIMEOUT, 0);
  }
}
