/* notification-shortcut-waits-a-time-slice-at-most - with KASANE_NOTIFY_SHORTCUT a call that must
 * wait first waits on its context for up to shortcut_cycles before it raises BLOCKED. That wait
 * holds the context, and on context 0 every process switch: a program that asks for 2^32 - 1
 * cycles gets a time slice at most (SHORTCUTMAX). Here main waits for a child that can only run
 * once main's process gives up the core: the wait4 raises BLOCKED after the capped window, the
 * worker counts until the time slice ends, the child runs and exits, and UNBLOCKED brings main
 * back, all within a few time slices (fuzzer seed 12003 stalled the machine for 700 M cycles).
 * The child counts for a few time slices, so that the worker is running user code when
 * UNBLOCKED comes: an event queued while the handler has not yet claimed its slot waits for the
 * context's next trap, and a worker that never traps would never get it (a known limit of this
 * minimal runtime: it has no timer of its own).
 * Expect: status 0 */
#include <string.h>
#include <sys/wait.h>

#include "check.h"
#include "thread.h"
#include "upcall.h"

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) { /* runs past a time slice, see above */
    for (volatile int i = 0; i < 400000; i++) {
    }
    return 5;
  }
  CHECK_INT(upcall_register(KASANE_NOTIFY_SHORTCUT), 0);
  struct kasane_notify_reg reg = {(uint32_t)upcall_entry, (uint32_t)upcall_stacks,
                                  (uint32_t)upcall_thmbs, KASANE_NOTIFY_SHORTCUT, 0xffffffffu, 0};
  CHECK_INT(kasane_notify_register(&reg), 0);
  pid_t c = spawn_self(argv[0], "child", 0);
  CHECK(c > 0);
  int st = -1;
  uint32_t t0 = cycles();
  pid_t got = waitpid(c, &st, 0);
  uint32_t spent = cycles() - t0;
  CHECK_INT(kasane_notify_register(0), 0);
  CHECK_INT(got, c);
  CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 5);
  CHECK_INT(upcall_seen[KASANE_EV_BLOCKED].count, 1);
  CHECK_INT(upcall_seen[KASANE_EV_UNBLOCKED].count, 1);
  CHECK(spent < 20000000); /* a few 1 M-cycle time slices, not 2^32 cycles */
  printf("wait4 took %u cycles\n", spent);
  return check_done();
}
