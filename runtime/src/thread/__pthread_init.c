/* __pthread_init - make the library ready before the first thread starts (pthread_create calls
 * it): the main thread's slot, an idle ThMB per context the process may use, then the backend
 * (kernel notifications; the conventional backend also starts its contexts).
 *
 * Only the main thread can get here, the first time: before it no other thread exists. */
#include <kasane/syscalls.h>

#include "pthread_impl.h"

void __pthread_init(void) {
  unsigned long mask = kasane_contexts(); /* bit i: LTN i + 1 may be ours */
  __nctx = mask ? 32 - __builtin_clz(mask) : 1;
  if (__nctx > NCTX) __nctx = NCTX;
  int idx = __ctx_idx();
  __pthread_main.ltn = idx + 1;
  __running[idx] = &__pthread_main;
  __thmbs[idx] = &__pthread_main;
  __idle[idx] = __idle_alloc(idx + 1);
  __backend_init();
  a_barrier();
  __pthread_ready_to_go = 1;
}
