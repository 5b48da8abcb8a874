/* shadow_create, shadow_create_n - start the siblings of a shadow.
 *
 * One anonymous mapping holds every sibling: SHADOW_STACK_SIZE bytes each, with its struct
 * shadow_sibling at the top (page-aligned regions, so the flags are line-aligned) and its stack
 * growing down from just below it. The mapping is demand-zero, so every flag starts at 0 and an
 * unused stack costs nothing. Siblings are started one by one with TFORK until `count` run or
 * no context is free; the unused tail of the mapping is given back. */
#include <errno.h>
#include <kasane/syscalls.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>

#include "shadow_impl.h"

_Static_assert(SHADOW_LINE == CTX_LINE, "a flag's line");
_Static_assert(offsetof(struct shadow_sibling, work) == 0, "work flag first");
_Static_assert(offsetof(struct shadow_sibling, done) == SHADOW_LINE, "done flag alone on a line");
_Static_assert(offsetof(struct shadow_sibling, job.sp) == SHADOW_OFF_SP, "__shadow_entry.S");
_Static_assert(offsetof(struct shadow_sibling, job.exited) == SHADOW_OFF_EXITED,
               "__shadow_entry.S");
_Static_assert(sizeof(struct shadow_sibling) == 3 * SHADOW_LINE, "three lines per sibling");
_Static_assert(SHADOW_STACK_SIZE % 4096 == 0, "whole pages per sibling");

int __shadow_policy_valid(int policy) {
  return policy == SHADOW_SPIN || policy == SHADOW_MWAIT || policy == SHADOW_TWO_PHASE ||
         policy == SHADOW_SUSPEND;
}

int shadow_create_n(struct shadow* s, int count, int policy, unsigned long threshold) {
  memset(s, 0, sizeof *s);
  s->policy = SHADOW_SPIN;
  if (!__shadow_policy_valid(policy)) {
    errno = EINVAL;
    return -1;
  }
  s->policy = policy;
  s->threshold = threshold;
  if (count <= 0) return 0;
  if (count > SHADOW_MAX_SIBLINGS) count = SHADOW_MAX_SIBLINGS;
  s->tmask = kasane_contexts();

  unsigned long size = (unsigned long)count * SHADOW_STACK_SIZE;
  char* region = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (region == MAP_FAILED) {
    errno = ENOMEM;
    return -1;
  }

  int n = 0;
  for (; n < count; n++) {
    char* top = region + (unsigned long)(n + 1) * SHADOW_STACK_SIZE;
    struct shadow_sibling* sib = (struct shadow_sibling*)(top - sizeof *sib);
    sib->job.sp = (unsigned long)sib - 16; /* the o32 argument area of the first frame */
    sib->job.policy = policy;
    sib->job.threshold = threshold;
    /* The new context reads its job line (sp, policy) as soon as it starts: order our stores
     * before TFORK, as a release. */
    __sync_synchronize();
    long ltn = kasane_tfork((unsigned long)__shadow_entry, (unsigned long)sib);
    if (ltn == 0) break; /* no free context: the rest of the forks run inline */
    sib->job.ltn = ltn;
    s->sibling[n] = sib;
  }
  s->count = n;

  unsigned long used = (unsigned long)n * SHADOW_STACK_SIZE;
  if (used < size) munmap(region + used, size - used);
  s->region = n ? region : 0;
  s->region_size = used;
  return n;
}

int shadow_create(struct shadow* s, int policy, unsigned long threshold) {
  return shadow_create_n(s, 1, policy, threshold);
}
