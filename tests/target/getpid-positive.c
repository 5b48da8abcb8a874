/* getpid-positive - getpid returns a positive id, the same on every call. The id itself differs
 * between runners and is not printed.
 * Expect: status 0 */
#include <unistd.h>

#include "check.h"

int main(void) {
  pid_t a = getpid(), b = getpid();
  CHECK(a > 0);
  CHECK(a == b);
  return check_done();
}
