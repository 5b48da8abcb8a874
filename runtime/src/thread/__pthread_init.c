/* __pthread_init - make the library ready before the first thread starts (pthread_create calls
 * it): the main thread's slot, an idle ThMB per context the process may use, then the backend
 * (kernel notifications; the conventional backend also starts its contexts).
 *
 * Only the main thread can get here, the first time: before it no other thread exists. */
#include <errno.h>
#include <kasane/syscalls.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pthread_impl.h"

/* The library cannot start (no memory for its stacks, or no Kasane kernel under it: under
 * qemu-mipsel the Kasane calls fail with ENOSYS): say so on stderr, then abort. */
void __pthread_init_failed(const char* what) {
  const char* why = errno == ENOSYS ? ": not running on the Kasane kernel\n" : ": failed\n";
  write(2, "kasane pthreads: ", 17);
  write(2, what, strlen(what));
  write(2, why, strlen(why));
  abort();
}

void __pthread_init(void) {
  unsigned long mask = kasane_contexts(); /* bit i: LTN i + 1 may be ours */
  __nctx = mask ? 32 - __builtin_clz(mask) : 1;
  if (__nctx > NCTX) __nctx = NCTX;
  /* The kernel may move the process to any core, so every CPU number of the machine is one the
   * library may run on: kasane_ctx_map returns the number of cores. Asking for the first core's
   * mask too (n = 1) says the library uses the contexts: with every context a CPU
   * (os.smt_sched = context) the kernel gives the process a whole core here, before the library
   * notes which CPU it runs on. */
  unsigned long first;
  int cores = kasane_ctx_map(&first, 1);
  __ncpu = cores > 1 ? cores * __nctx : __nctx;
  if (__ncpu > NCTX) __ncpu = NCTX;
  __multicore = __ncpu > __nctx;
  for (int n = 0; n < NCTX; n++) {
    __ltn_of[n] = (unsigned char)(n % __nctx + 1);
    __core_of[n] = (unsigned char)(n / __nctx);
  }
  int idx = __ctx_idx();
  __pthread_main.ltn = idx + 1;
  __running[__run_idx(idx)] = &__pthread_main;
  __thread_tag(&__pthread_main);
  __thmbs[idx] = &__pthread_main;
  __idle[idx] = __idle_alloc(idx + 1);
  __backend_init();
  a_barrier();
  __pthread_ready_to_go = 1;
}
