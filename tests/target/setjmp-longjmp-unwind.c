/* setjmp-longjmp-unwind - longjmp from deep inside nested calls returns to setjmp with the given
 * value (1 for 0), callee-saved registers and volatile locals survive, and a jmp_buf can be
 * reused.
 * Expect: status 0 */
#include <setjmp.h>

#include "check.h"

static jmp_buf env;
static int depth_reached;

static void dive(int n, int code) {
  volatile char pad[32];
  pad[0] = (char)n;
  depth_reached = n;
  if (n == 20) longjmp(env, code);
  if (n < 100) dive(n + 1, code); /* the bound only keeps gcc from calling this infinite */
  depth_reached += pad[0];        /* never reached */
}

static int try_code(int code) {
  volatile int local = 1234;
  register int keep = code * 7; /* likely in an s register */
  int r = setjmp(env);
  if (r == 0) {
    local = 5678;
    dive(0, code);
    return -1;
  }
  CHECK_INT(local, 5678);
  CHECK_INT(keep, code * 7);
  return r;
}

int main(void) {
  CHECK_INT(try_code(42), 42);
  CHECK_INT(depth_reached, 20);
  CHECK_INT(try_code(0), 1); /* longjmp(env, 0) makes setjmp return 1 */
  CHECK_INT(try_code(-5), -5);
  volatile int loops = 0;
  if (setjmp(env) < 3) {
    loops++;
    longjmp(env, loops);
  }
  CHECK_INT(loops, 3);
  return check_done();
}
