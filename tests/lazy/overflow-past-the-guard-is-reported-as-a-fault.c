/* overflow-past-the-guard-is-reported-as-a-fault - a spawned thread on an 8 KB block recurses 10
 * levels deep with 1 KB frames without lazy_call (10 KB: past its block's bottom and guard, into
 * the block below it, the root's), then reaches a stack check (a lazy_call): the runtime reports
 * the overflow and the process ends with SIGSEGV, as it would on a guard page, instead of
 * returning into the frames it overwrote.
 * Expect: signal SIGSEGV
 * Stderr: lazy: stack overflow */
#include <kasane/syscalls.h>
#include <lazy.h>
#include <stdio.h>

static void nothing(void* p) { (void)p; }

static int deep(int n) {
  volatile char frame[1024];
  frame[0] = (char)n;
  if (n == 0) {
    lazy_call(nothing, 0, 64); /* the check: the stack pointer is below the segment */
    return frame[0];
  }
  return deep(n - 1) + frame[0];
}

static void child(void* p) { *(int*)p = deep(10); }

static void root(void* p) {
  lazy_handle h = lazy_spawn(child, p);
  lazy_sync(h);
}

int main(void) {
  struct lazy_config cfg = {LAZY_PER_THREAD, 8192, 1, 0, 3};
  int r = 0;
  lazy_run(root, &r, &cfg);
  printf("not reached: %d\n", r);
  return 0;
}
