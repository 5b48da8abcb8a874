/* shadow_create_on - start the siblings of a shadow on the caller's core or on another core.
 *
 * The caller's core is shadow_create_n's way (TFORK). Another core's contexts only the kernel can
 * start, since it must give the process that core: kasane_ctx_start, one sibling at a time, each
 * in its region of one anonymous mapping laid out as shadow_create.c's (its struct
 * shadow_sibling at the top of SHADOW_STACK_SIZE bytes, the stack below), the unused tail given
 * back. The loop is not shared with shadow_create_n on purpose: any change to that file moves the
 * fork and join code of every program that links it, and E3's spin-wait fork-join with it (58 to
 * 63 cycles on e3-x5560.toml when the two shared one loop).
 *
 * A sibling of another core is named by its CPU number + 1 (the kernel's name for a context of
 * any core; on one core, the LTN), so that 0 still means "ran inline" to shadow_fork's callers.
 * Its policy is the caller's, but SHADOW_SUSPEND becomes SHADOW_MWAIT (shadow_impl.h). */
#include <errno.h>
#include <kasane/syscalls.h>
#include <string.h>
#include <sys/mman.h>

#include "shadow_impl.h"

/* The caller's core and the machine's number of cores. */
static int this_core(int* cores) {
  unsigned long none, mask = kasane_contexts(); /* bit i: LTN i + 1, every context but 0 */
  unsigned cpu, per_core = mask ? 32 - __builtin_clz(mask) : 1;
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu)); /* core * per_core + LTN - 1 */
  *cores = kasane_ctx_map(&none, 0);           /* with no room: just the number of cores */
  return (int)(cpu / per_core);
}

/* Start sib on core `core`, or for SHADOW_OTHER_CORE on the first core from *next on (but `me`)
 * with a free context, and leave *next there. CPU number + 1; 0 if no context was free; -1 for
 * a core that does not exist or that the affinity excludes. */
static long start_on(struct shadow_sibling* sib, int core, int me, int cores, int* next) {
  if (core != SHADOW_OTHER_CORE) {
    long cpu = kasane_ctx_start(core, (unsigned long)__shadow_entry, (unsigned long)sib,
                                sib->job.sp);
    if (cpu < 0) return errno == EINVAL ? -1 : 0;
    return cpu + 1;
  }
  for (int i = 0; i < cores; i++) {
    int c = (*next + i) % cores;
    if (c == me) continue;
    long cpu = kasane_ctx_start(c, (unsigned long)__shadow_entry, (unsigned long)sib,
                                sib->job.sp);
    if (cpu >= 0) {
      *next = c;
      return cpu + 1;
    }
  }
  return 0;
}

int shadow_create_on(struct shadow* s, int core, int count, int policy,
                     unsigned long threshold) {
  int cores, me = core == SHADOW_SAME_CORE ? core : this_core(&cores);
  if (core == me) return shadow_create_n(s, count, policy, threshold);
  memset(s, 0, sizeof *s);
  s->policy = SHADOW_SPIN;
  if (!__shadow_policy_valid(policy) || core < SHADOW_OTHER_CORE) {
    errno = EINVAL;
    return -1;
  }
  s->policy = policy == SHADOW_SUSPEND ? SHADOW_MWAIT : policy; /* TRESUME is core-local */
  s->threshold = threshold;
  s->tmask = kasane_contexts();
  if (count <= 0) return 0;
  if (count > SHADOW_MAX_SIBLINGS) count = SHADOW_MAX_SIBLINGS;

  unsigned long size = (unsigned long)count * SHADOW_STACK_SIZE;
  char* region = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (region == MAP_FAILED) {
    errno = ENOMEM;
    return -1;
  }
  int n = 0, next = (me + 1) % cores, bad = 0;
  for (; n < count; n++) {
    char* top = region + (unsigned long)(n + 1) * SHADOW_STACK_SIZE;
    struct shadow_sibling* sib = (struct shadow_sibling*)(top - sizeof *sib);
    sib->job.sp = (unsigned long)sib - 16; /* the o32 argument area of the first frame */
    sib->job.policy = s->policy;
    sib->job.threshold = threshold;
    sib->job.cross = 1;
    /* The new context reads its job line as soon as it starts: release before the start. */
    __sync_synchronize();
    long id = start_on(sib, core, me, cores, &next);
    bad = id < 0 && n == 0; /* a bad core, unless a sibling started there already */
    if (id <= 0) break;     /* no free context: the rest of the forks run inline */
    sib->job.ltn = id;
    s->sibling[n] = sib;
  }
  s->count = n;
  unsigned long used = (unsigned long)n * SHADOW_STACK_SIZE;
  if (used < size) munmap(region + used, size - used);
  s->region = n ? region : 0;
  s->region_size = used;
  if (bad) {
    errno = EINVAL;
    return -1;
  }
  return n;
}
