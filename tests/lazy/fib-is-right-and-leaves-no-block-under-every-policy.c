/* fib-is-right-and-leaves-no-block-under-every-policy - parallel Fibonacci (spawn fib(n-1), call
 * fib(n-2), sync) on one worker per hardware context under each stack policy: the result is
 * fib(16), every block taken is given back, and with two or more workers some continuation was
 * stolen (the other workers start idle, so the first spawns are stolen at once).
 * Expect: status 0 */
#include <kasane/syscalls.h>
#include <lazy.h>

#include "check.h"

struct arg {
  int n;
  unsigned long r;
};

static void fib(void* p) {
  struct arg* a = p;
  if (a->n < 2) {
    a->r = (unsigned long)a->n;
    return;
  }
  struct arg x = {a->n - 1, 0}, y = {a->n - 2, 0};
  lazy_handle h = lazy_spawn(fib, &x);
  lazy_call(fib, &y, 1024);
  lazy_sync(h);
  a->r = x.r + y.r;
}

int main(void) {
  int contexts = 1 + __builtin_popcount(kasane_contexts()); /* the others and this one */
  static const char* names[] = {"per-thread", "lazy", "fair"};
  for (int p = 0; p < 3; p++) {
    struct lazy_config cfg = {lazy_policy_by_name(names[p]), 8192, contexts, 0, 3};
    struct arg a = {16, 0};
    printf("%s on %d workers\n", names[p], contexts);
    CHECK_INT(lazy_run(fib, &a, &cfg), 0);
    CHECK_INT(a.r, 987);
    struct lazy_stats s;
    lazy_get_stats(&s);
    CHECK_INT(s.workers, contexts);
    CHECK_INT(s.spawns, 1596); /* the inner nodes: fib(17) - 1 */
    CHECK(s.cur_bytes == 0);
    CHECK(s.blocks_freed == s.blocks_allocated);
    CHECK(s.peak_bytes >= 8192);
    if (contexts > 1) CHECK(s.steals > 0);
  }
  return check_done();
}
