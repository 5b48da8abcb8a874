/* lazy_call - the stack check that gcc's split stack puts in every prologue, done by hand at
 * the calls a program marks: if fn's `need` bytes do not fit above the current segment's
 * bottom, link a new segment (a block; under fair use a pooled region first), run fn there and
 * unlink it when fn returns. The unlinked segment goes to the pool under fair use. A frame
 * larger than a block gets several blocks in a row (a span), as split stack allocates a bigger
 * segment for a big frame. */
#include "lazy_impl.h"

void lazy_call(void (*fn)(void*), void* arg, unsigned long need) {
  struct lazy_worker* w = __lazy_self();
  struct lazy_thread* t = w->cur;
  __lazy_check(t);
  if ((unsigned long)(__lazy_sp() - t->seg.lo) >= need) {
    fn(arg);
    return;
  }
  struct lazy_seg old = t->seg, s;
  if (__lazy_seg_new(&s, need + 64) < 0) __lazy_oom();
  t->seg = s;
  w->links++;
  __lazy_call_on(s.hi, fn, arg);
  /* fn has synced its children, so nothing else uses the segment now (t may be on another
   * worker, but it is still t). Back on the old segment: check there. */
  s = t->seg;
  t->seg = old;
  __lazy_check(t);
  if (!__lazy_block_ok(s.blk)) __lazy_fault("guard of a linked block overwritten", s.lo);
  __lazy_seg_release(&s, 1);
}
