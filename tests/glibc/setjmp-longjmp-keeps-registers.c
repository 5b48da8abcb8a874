/* setjmp/longjmp out of a deep recursion; glibc's setjmp saves the FP callee-saved registers
 * with sdc1 and longjmp restores them with ldc1 (the kernel emulates the moves if there is no
 * FPU). Locals declared volatile survive.
 * Expect: status 0 */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

static int dive(int depth) {
  if (depth == 0) longjmp(env, 7);
  return dive(depth - 1) + 1;
}

int main(void) {
  volatile int rounds = 0;
  int r = setjmp(env);
  printf("setjmp returned %d after %d rounds\n", r, rounds);
  if (rounds++ < 3) dive(100 * rounds);
  return rounds == 4 && r == 7 ? 0 : 1;
}
