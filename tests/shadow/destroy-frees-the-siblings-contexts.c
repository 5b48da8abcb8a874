/* destroy-frees-the-siblings-contexts - shadow_destroy ends the siblings with TEXIT: a shadow
 * that takes every context the process may TFORK, used and destroyed 20 times with each
 * policy, gets all of them back each time (if a sibling outlived destroy, the next create would
 * get fewer), and right after destroy no former sibling's LTN names a live context (TRESUME
 * gives -1). Jobs still running when destroy is called finish first (destroy joins). The
 * program then returns from main and the process exits normally, with no context left behind.
 * Expect: status 0 */
#include <kasane/kasane_isa.h>
#include <kasane/syscalls.h>
#include <shadow.h>

#include "check.h"

static volatile unsigned long counted;

static void count(void* p) {
  unsigned long n = (unsigned long)p, c = 0;
  for (unsigned long i = 0; i < n; i++) c += i;
  counted = c;
}

int main(void) {
  int contexts = __builtin_popcount(kasane_contexts());
  if (contexts > SHADOW_MAX_SIBLINGS) contexts = SHADOW_MAX_SIBLINGS;
  static const int policies[] = {SHADOW_SPIN, SHADOW_MWAIT, SHADOW_TWO_PHASE, SHADOW_SUSPEND};
  int short_creates = 0, wrong = 0, still_live = 0;
  for (unsigned p = 0; p < 4; p++) {
    for (int r = 0; r < 20; r++) {
      struct shadow s;
      short_creates += shadow_create_n(&s, SHADOW_MAX_SIBLINGS, policies[p], 50) != contexts;
      long ltns[SHADOW_MAX_SIBLINGS];
      int n = s.count;
      for (int i = 0; i < n; i++) ltns[i] = shadow_fork(&s, count, (void*)2000ul);
      shadow_destroy(&s); /* no join before: destroy must wait for the jobs */
      wrong += counted != 2000ul * 1999 / 2;
      /* TRESUME answers -1 for an LTN that names no live context. */
      for (int i = 0; i < n; i++) still_live += kasane_tresume(ltns[i]) != -1;
      counted = 0;
    }
  }
  CHECK_INT(short_creates, 0);
  CHECK_INT(wrong, 0);
  CHECK_INT(still_live, 0);
  return check_done();
}
