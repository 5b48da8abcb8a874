/* lazy_yield, lazy_wait_while - let this worker run other work while the caller waits for
 * something another thread will do (the seed's create-and-sync chain: a child waits for its
 * parent's continuation to release it). With one worker that continuation is in this worker's
 * deque, and only a yield lets it run. */
#include "lazy_impl.h"

int lazy_yield(void) {
  struct lazy_worker* w = __lazy_self();
  if (w->tail - w->head <= 0) return 0;
  struct lazy_thread* t = w->cur;
  if (setjmp(t->ctx) == 0) {
    w->pending = t;
    __lazy_to_sched(w, LAZY_YIELD);
  }
  return 1;
}

void lazy_wait_while(volatile int* flag) {
  while (*flag) {
    if (lazy_yield()) continue;
    /* Nothing to run here: sleep until the flag's line is written, or a while (work may have
     * arrived in our deque meanwhile only from ourselves, so the timeout is a safety net). */
    __ctx_sleep_while_set(flag, LAZY_IDLE_TIMEOUT);
  }
  a_barrier(); /* acquire: what the thread that cleared the flag wrote before */
}
