/* prctl-sched-core-checks-its-arguments-as-linux - PR_SCHED_CORE (prctl 62) with Linux 5.14's
 * numbers and errors (kernel/sched/core_sched.c, sched_core_share_pid): a thread has no cookie
 * (GET gives 0) until CREATE gives it one; CREATE for the thread group gives every thread of the
 * process one cookie; SHARE_TO pushes the caller's cookie to a child, SHARE_FROM pulls a child's;
 * a spawned child starts with its parent's cookie, as after fork. EINVAL for a command past
 * SHARE_FROM, a type past PIDTYPE_PGID, a negative pid, an address with another command than GET,
 * GET of a thread group or into an address not 8-byte aligned, SHARE_FROM for a group; ESRCH for
 * no such thread; EFAULT for GET into a bad address; EINVAL for an option prctl does not know.
 * Expect: status 0 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

static uint64_t cookie_of(pid_t pid) {
  uint64_t id = ~0ull;
  if (prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, pid, PIDTYPE_PID, (unsigned long)&id) != 0)
    return ~1ull;
  return id;
}

static int fails(int option, unsigned long cmd, long pid, unsigned long type, unsigned long addr,
                 int err) {
  errno = 0;
  return prctl(option, cmd, (unsigned long)pid, type, addr) == -1 && errno == err;
}

int main(int argc, char** argv) {
  if (argc > 1) { /* a child: waits to be killed */
    for (;;) pause();
  }
  CHECK(cookie_of(0) == 0);
  CHECK_INT(prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, PIDTYPE_TGID, 0), 0);
  uint64_t mine = cookie_of(0);
  CHECK(mine != 0 && mine != ~0ull && mine != ~1ull);
  CHECK_INT(prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, PIDTYPE_PID, 0), 0);
  CHECK(cookie_of(0) != mine); /* a new one */
  mine = cookie_of(0);

  /* A child starts with its parent's cookie; SHARE_TO and SHARE_FROM move cookies by pid. */
  pid_t child = spawn_self(argv[0], "child", 0);
  CHECK(child > 0);
  CHECK(cookie_of(child) == mine);
  CHECK_INT(prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, child, PIDTYPE_PID, 0), 0);
  uint64_t theirs = cookie_of(child);
  CHECK(theirs != mine && theirs != 0);
  CHECK_INT(prctl(PR_SCHED_CORE, PR_SCHED_CORE_SHARE_TO, child, PIDTYPE_TGID, 0), 0);
  CHECK(cookie_of(child) == mine);
  CHECK_INT(prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, child, PIDTYPE_PID, 0), 0);
  theirs = cookie_of(child);
  CHECK_INT(prctl(PR_SCHED_CORE, PR_SCHED_CORE_SHARE_FROM, child, PIDTYPE_PID, 0), 0);
  CHECK(cookie_of(0) == theirs);
  CHECK_INT(prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, child, PIDTYPE_PGID, 0), 0);
  CHECK(cookie_of(0) == cookie_of(child)); /* one process group: the parent's */

  /* Linux's errors. */
  uint64_t id;
  CHECK(fails(PR_SCHED_CORE, 4, 0, PIDTYPE_PID, 0, EINVAL));                 /* no command 4 */
  CHECK(fails(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, 3, 0, EINVAL));         /* no type 3 */
  CHECK(fails(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, -1, PIDTYPE_PID, 0, EINVAL));
  CHECK(fails(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, PIDTYPE_PID, (unsigned long)&id, EINVAL));
  CHECK(fails(PR_SCHED_CORE, PR_SCHED_CORE_GET, 0, PIDTYPE_TGID, (unsigned long)&id, EINVAL));
  CHECK(fails(PR_SCHED_CORE, PR_SCHED_CORE_GET, 0, PIDTYPE_PID, (unsigned long)&id + 4, EINVAL));
  CHECK(fails(PR_SCHED_CORE, PR_SCHED_CORE_SHARE_FROM, child, PIDTYPE_TGID, 0, EINVAL));
  CHECK(fails(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0x7fff, PIDTYPE_PID, 0, ESRCH));
  CHECK(fails(PR_SCHED_CORE, PR_SCHED_CORE_GET, 0, PIDTYPE_PID, 0x80000000ul, EFAULT));
  CHECK(fails(PR_SCHED_CORE, PR_SCHED_CORE_GET, 0, PIDTYPE_PID, 0, EFAULT));
  CHECK(fails(4242, 0, 0, 0, 0, EINVAL)); /* an option prctl does not know */
  int status = 0;
  CHECK_INT(kill(child, SIGKILL), 0);
  CHECK(waitpid(child, &status, 0) == child && WIFSIGNALED(status));
  return check_done();
}
