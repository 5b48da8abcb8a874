/* lazy_sync - wait for a child. Fast path: it has returned (always so after a quick resume).
 * Slow path: the scheduler loop parks the caller in the child's state word, and whoever ends
 * the child resumes the caller on its own worker. */
#include <stdlib.h>

#include "lazy_impl.h"

void lazy_sync(lazy_handle h) {
  if (h->state != LAZY_DONE) {
    struct lazy_worker* w = __lazy_self();
    struct lazy_thread* t = w->cur;
    if (setjmp(t->ctx) == 0) {
      w->pending = t;
      w->join_on = h;
      __lazy_to_sched(w, LAZY_JOIN);
    }
  }
  a_barrier(); /* acquire: what the child wrote, after its DONE */
  free(h);
}
