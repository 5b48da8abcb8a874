/* full-process-and-descriptor-tables-refuse-with-eagain-and-emfile - the kernel's fixed tables
 * refuse a program that fills them with a Linux errno, and nothing else breaks. The limits come
 * from getrlimit (os/sysinfo.c reports the kernel's NPROC and NOFILE), not from a copy here.
 *
 * Processes: spawn children that sleep (10 s, interruptible) until spawn fails: it must fail
 * with EAGAIN once exactly NPROC processes exist, counting this one. The children are then
 * killed and reaped, and a spawn works again. Descriptors: dup(1) until it fails: EMFILE once
 * all NOFILE are open; after a close, dup gives exactly the freed descriptor.
 * Expect: status 0 */
#include <errno.h>
#include <kasane/syscall_nr.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

#define RLIMIT_NOFILE 5 /* MIPS numbering */
#define RLIMIT_NPROC 8
#define MAXKIDS 64

static long limit(int resource) {
  unsigned long lim[2] = {0, 0};
  CHECK_INT(syscall(SYS_getrlimit, resource, lim, 0, 0, 0, 0), 0);
  return (long)lim[0];
}

static void processes(const char* argv0) {
  long nproc = limit(RLIMIT_NPROC);
  CHECK(nproc > 1 && nproc < MAXKIDS);
  pid_t kids[MAXKIDS];
  int n = 0;
  for (; n < MAXKIDS; n++) {
    kids[n] = spawn_self(argv0, "sleeper", 0);
    if (kids[n] < 0) break;
  }
  CHECK_INT(errno, EAGAIN);
  CHECK_INT(n, nproc - 1); /* this program holds the last slot */
  for (int i = 0; i < n; i++) CHECK_INT(kill(kids[i], SIGKILL), 0);
  for (int i = 0; i < n; i++) {
    int st = 0;
    CHECK_INT(waitpid(kids[i], &st, 0), kids[i]);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
  }
  pid_t again = spawn_self(argv0, "leaf", 0);
  CHECK(again > 0);
  int st = -1;
  CHECK_INT(waitpid(again, &st, 0), again);
  CHECK_INT(st, 0);
}

/* dup(1) through syscall(): the runtime has no dup() wrapper. */
static int dup1(void) { return (int)syscall(SYS_dup, 1, 0, 0, 0, 0, 0); }

static void descriptors(void) {
  long nofile = limit(RLIMIT_NOFILE);
  int last = -1, n = 0;
  for (int fd; (fd = dup1()) >= 0; n++) last = fd;
  CHECK_INT(errno, EMFILE);
  CHECK_INT(last, nofile - 1); /* every descriptor up to the limit was handed out */
  CHECK(n > 0);
  CHECK_INT(close(last - 1), 0);
  CHECK_INT(dup1(), last - 1);
  CHECK_INT(dup1(), -1);
  CHECK_INT(errno, EMFILE);
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "leaf") == 0) return 0;
  if (argc > 1 && strcmp(argv[1], "sleeper") == 0) {
    struct timespec ts = {10, 0};
    nanosleep(&ts, 0); /* ended early by the parent's SIGKILL */
    return 1;
  }
  processes(argv[0]);
  descriptors();
  return check_done();
}
