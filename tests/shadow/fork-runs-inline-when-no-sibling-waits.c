/* fork-runs-inline-when-no-sibling-waits - shadow_fork without a waiting sibling runs the job
 * on the caller before it returns, and returns 0: (1) a shadow created when another holds every
 * context starts no sibling (create returns 0), and each fork runs inline on the main thread's
 * context, with join returning at once; (2) with the only sibling still busy, a second fork runs
 * inline while the first job goes on. The results are right either way.
 * Expect: status 0 */
#include <kasane/kasane_isa.h>
#include <shadow.h>

#include "check.h"

struct job {
  unsigned long in, out;
  long ltn;
};

static void twice(void* p) {
  struct job* j = p;
  j->out = 2 * j->in;
  j->ltn = kasane_tid();
}

static volatile int release;
static void hold(void* p) {
  while (!release) {
  }
  twice(p);
}

int main(void) {
  long me = kasane_tid();
  struct shadow all, none;
  int got = shadow_create_n(&all, SHADOW_MAX_SIBLINGS, SHADOW_MWAIT, 0);
  CHECK(got >= 1);
  CHECK_INT(shadow_create(&none, SHADOW_SPIN, 0), 0);
  CHECK_INT(none.count, 0);
  struct job j = {21, 0, 0};
  CHECK_INT(shadow_fork(&none, twice, &j), 0);
  CHECK_INT(j.out, 42); /* done before the fork returned */
  CHECK(j.ltn == me);
  shadow_join(&none);
  shadow_destroy(&none);
  shadow_destroy(&all);

  struct shadow one;
  CHECK_INT(shadow_create(&one, SHADOW_SPIN, 0), 1);
  struct job busy = {5, 0, 0}, extra = {7, 0, 0};
  long ltn = shadow_fork(&one, hold, &busy);
  CHECK(ltn != 0 && ltn != me);
  CHECK_INT(shadow_fork(&one, twice, &extra), 0);
  CHECK_INT(extra.out, 14);
  CHECK(extra.ltn == me);
  CHECK_INT(busy.out, 0); /* still held */
  release = 1;
  shadow_join(&one);
  CHECK_INT(busy.out, 10);
  CHECK(busy.ltn == ltn);
  shadow_destroy(&one);
  return check_done();
}
