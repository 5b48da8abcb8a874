/* lazy_spawn - start a child thread at once on this worker; the caller's continuation goes in
 * the worker's deque, where a thief may take it (work-first).
 *
 * The child's stack: under the lazy and fair policies, the unused part of the caller's current
 * segment below what the caller itself may still use (LAZY_SLACK under its $sp), if that is at
 * least LAZY_CHILD_MIN; else a new segment (fair: from the pool first). Per-thread: always a
 * new block. The caller's segment then ends where the child's begins; a quick resume gives the
 * child's part back (__lazy_sched.c). */
#include <stdlib.h>

#include "lazy_impl.h"

#define RT __lazy_rt

/* Where every thread starts (the root from the scheduler loop, children from lazy_spawn): on
 * its own stack now, so its parent may be pushed (a thief may resume it at once without the two
 * sharing a stack). Returns by jumping to the scheduler loop. */
void __lazy_child_main(void* thread) {
  struct lazy_thread* c = thread;
  struct lazy_worker* w = __lazy_self();
  if (c->parent) __lazy_push(w, c->parent); /* room was checked by lazy_spawn */
  c->fn(c->arg);
  w = __lazy_self(); /* c may have moved */
  __lazy_check(c);
  w->pending = c;
  __lazy_to_sched(w, LAZY_EXITED);
}

lazy_handle lazy_spawn(void (*fn)(void*), void* arg) {
  struct lazy_worker* w = __lazy_self();
  struct lazy_thread* p = w->cur;
  __lazy_check(p);
  struct lazy_thread* c = malloc(sizeof *c);
  if (!c) __lazy_oom();
  c->fn = fn;
  c->arg = arg;
  c->parent = p;
  c->carved = 0;
  c->started = 1;
  c->state = LAZY_RUNNING;
  if (w->tail - w->head >= LAZY_DEQUE) { /* no room for the continuation: a plain call */
    lazy_call(fn, arg, LAZY_CHILD_MIN);
    c->state = LAZY_DONE;
    return c;
  }
  char* top = (char*)(((unsigned long)__lazy_sp() - LAZY_SLACK) & ~7ul);
  if (RT.cfg.policy != LAZY_PER_THREAD && top - p->seg.lo >= LAZY_CHILD_MIN) {
    c->seg.blk = p->seg.blk;
    c->seg.lo = p->seg.lo;
    c->seg.hi = top;
    c->carved = 1;
    __lazy_seg_addref(p->seg.blk);
    p->seg.lo = top;
  } else if (__lazy_seg_new(&c->seg, LAZY_CHILD_MIN) < 0) {
    __lazy_oom();
  }
  w->spawns++;
  p->last_child = c;
  if (setjmp(p->ctx) == 0) {
    w->cur = c;
    __lazy_start(c->seg.hi, __lazy_child_main, c);
  }
  return c;
}
