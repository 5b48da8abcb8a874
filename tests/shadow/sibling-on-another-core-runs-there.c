/* sibling-on-another-core-runs-there - shadow_create_on puts the sibling where the caller says:
 * a job forked onto a SHADOW_OTHER_CORE sibling, or onto one on a named core, reads a CPU number
 * (rdhwr $0) of that other core, the number shadow_fork returned minus 1; a SHADOW_SAME_CORE
 * sibling reads one of the forker's core. With every policy (SHADOW_SUSPEND waits as MWAIT
 * across cores), 50 fork-joins each, all with the right results. A core that does not exist is
 * EINVAL. On a machine of one core there is no other core: the shadow starts no sibling and the
 * forks run inline, still right.
 * Expect: status 0 */
#include <errno.h>
#include <kasane/syscalls.h>
#include <shadow.h>

#include "check.h"

struct job {
  unsigned long in, out;
  unsigned cpu;
};

static void twice(void* p) {
  struct job* j = p;
  j->out = 2 * j->in;
  __asm__ volatile("rdhwr %0, $0" : "=r"(j->cpu));
}

static unsigned per_core, cores;

static unsigned this_cpu(void) {
  unsigned cpu;
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  return cpu;
}

/* 50 fork-joins on a shadow placed at `core`; how many ran where they should not, or wrong:
 * `other` says whether the job must run on another core than main's. */
static int run(int core, int policy, int other, int want_core) {
  struct shadow s;
  int want = other && cores == 1 ? 0 : 1;
  int n = shadow_create_on(&s, core, 1, policy, 5);
  int bad = n != want;
  const unsigned me = this_cpu() / per_core;
  for (unsigned long i = 0; i < 50; i++) {
    struct job j = {i, 0, ~0u};
    long id = shadow_fork(&s, twice, &j);
    shadow_join(&s);
    bad += j.out != 2 * i;
    if (!n) {
      bad += id != 0 || j.cpu != this_cpu();
      continue;
    }
    bad += id != (other ? (long)j.cpu + 1 : (long)(j.cpu % per_core) + 1);
    bad += other ? j.cpu / per_core == me : j.cpu / per_core != me;
    if (want_core >= 0) bad += j.cpu / per_core != (unsigned)want_core;
  }
  shadow_destroy(&s);
  return bad;
}

int main(void) {
  unsigned long mask = kasane_contexts(), none;
  per_core = 32 - __builtin_clz(mask);
  cores = (unsigned)kasane_ctx_map(&none, 0);
  printf("cores = %u, contexts per core = %u\n", cores, per_core);
  static const int policies[] = {SHADOW_SPIN, SHADOW_MWAIT, SHADOW_TWO_PHASE, SHADOW_SUSPEND};
  for (unsigned p = 0; p < 4; p++) {
    CHECK_INT(run(SHADOW_SAME_CORE, policies[p], 0, -1), 0);
    CHECK_INT(run(SHADOW_OTHER_CORE, policies[p], 1, -1), 0);
    if (cores > 1) {
      int far = (int)((this_cpu() / per_core + 1) % cores);
      CHECK_INT(run(far, policies[p], 1, far), 0);
    }
  }
  struct shadow s;
  CHECK_INT(shadow_create_on(&s, (int)cores, 1, SHADOW_SPIN, 0), -1);
  CHECK_INT(errno, EINVAL);
  CHECK_INT(s.count, 0);
  /* Across cores, SHADOW_SUSPEND is kept as SHADOW_MWAIT: TRESUME would name a context of the
   * forker's own core. */
  if (cores > 1) {
    CHECK_INT(shadow_create_on(&s, SHADOW_OTHER_CORE, 1, SHADOW_SUSPEND, 0), 1);
    CHECK_INT(s.policy, SHADOW_MWAIT);
    CHECK_INT(shadow_set_policy(&s, SHADOW_SUSPEND, 0), 0);
    CHECK_INT(s.policy, SHADOW_MWAIT);
    shadow_destroy(&s);
  }
  return check_done();
}
