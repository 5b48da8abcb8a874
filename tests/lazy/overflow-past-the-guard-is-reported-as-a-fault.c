/* overflow-past-the-guard-is-reported-as-a-fault - a spawned thread on an 8 KB block recurses 10
 * levels deep with 1 KB frames without lazy_call (10 KB: past its block's bottom): the store
 * that reaches the PROT_NONE guard page below the block faults, and the process ends with
 * SIGSEGV there (the kernel's line names the store), before it can write over the block below
 * and long before the lazy_call check at the bottom of the recursion would see it.
 * Expect: signal SIGSEGV
 * Stderr: TLB miss on store (TLBS) */
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
