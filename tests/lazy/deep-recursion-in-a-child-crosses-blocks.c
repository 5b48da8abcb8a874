/* deep-recursion-in-a-child-crosses-blocks - a spawned thread sums 1..3000 by a recursion whose
 * every level (a 256-byte local array and the call) goes through lazy_call: about 1 MB of frames
 * on 8 KB blocks, so the stack links hundreds of blocks and unlinks them on the way back, under
 * each policy; the sum is right and no block is left.
 * Expect: status 0 */
#include <kasane/syscalls.h>
#include <lazy.h>

#include "check.h"

#define LEVELS 3000

struct arg {
  int n;
  unsigned long r;
};

static void sum(void* p) {
  struct arg* a = p;
  volatile unsigned char pad[256];
  pad[0] = (unsigned char)a->n;
  if (a->n == 0) {
    a->r = 0;
    return;
  }
  struct arg b = {a->n - 1, 0};
  lazy_call(sum, &b, 512);
  a->r = b.r + (unsigned long)a->n + pad[0] - (unsigned char)a->n;
}

static void root(void* p) {
  lazy_handle h = lazy_spawn(sum, p);
  lazy_sync(h);
}

int main(void) {
  int contexts = 1 + __builtin_popcount(kasane_contexts()); /* the others and this one */
  static const char* names[] = {"per-thread", "lazy", "fair"};
  for (int p = 0; p < 3; p++) {
    struct lazy_config cfg = {lazy_policy_by_name(names[p]), 8192, contexts, 0, 3};
    struct arg a = {LEVELS, 0};
    printf("%s on %d workers\n", names[p], contexts);
    CHECK_INT(lazy_run(root, &a, &cfg), 0);
    CHECK_INT(a.r, LEVELS * (LEVELS + 1) / 2);
    struct lazy_stats s;
    lazy_get_stats(&s);
    CHECK(s.links > 100);
    CHECK(s.peak_bytes > 100 * 8192ull);
    CHECK(s.cur_bytes == 0);
    CHECK(s.blocks_freed == s.blocks_allocated);
  }
  return check_done();
}
