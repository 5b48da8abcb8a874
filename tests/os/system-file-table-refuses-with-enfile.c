/* system-file-table-refuses-with-enfile - the kernel's table of open files, shared by every
 * process, refuses an open with ENFILE once full, and gives its entries back when their holders
 * end. Only the per-process limit (NOFILE, from getrlimit) is read; the system-wide one is found
 * by filling the table, so no copy of it lives here.
 *
 * The parent creates a file; holders are spawned one after another. Each opens it until open
 * fails: on EMFILE (its descriptors are used up) it tells the parent with SIGUSR1, on ENFILE (the
 * system's table is full) with SIGUSR2, and then sleeps holding what it opened. Some holder must
 * meet ENFILE before the process table runs out; the parent's own open then fails with ENFILE
 * too. Once every holder is killed and reaped, the parent opens again.
 * Expect: status 0
 * Files: notify */
#include <errno.h>
#include <fcntl.h>
#include <kasane/syscall_nr.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

#define RLIMIT_NOFILE 5 /* MIPS numbering */
#define MAXKIDS 15      /* below the process table: the parent holds a slot */
#define PATH "enfile.tmp"

static volatile int answers, full;

static void on_usr1(int sig) { (void)sig, answers++; }
static void on_usr2(int sig) { (void)sig, answers++, full = 1; }

static void handle(int sig, void (*fn)(int)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fn;
  CHECK_INT(sigaction(sig, &sa, 0), 0);
}

static int holder(void) {
  int fd;
  while ((fd = open(PATH, O_RDONLY)) >= 0) {
  }
  int e = errno;
  kill(getppid(), e == ENFILE ? SIGUSR2 : SIGUSR1);
  if (e != ENFILE && e != EMFILE) return 2;
  struct timespec ts = {10, 0};
  nanosleep(&ts, 0); /* ended early by the parent's SIGKILL */
  return 1;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "holder") == 0) return holder();
  unsigned long lim[2] = {0, 0};
  CHECK_INT(syscall(SYS_getrlimit, RLIMIT_NOFILE, lim, 0, 0, 0, 0), 0);
  CHECK(lim[0] > 3);
  int made = open(PATH, O_WRONLY | O_CREAT, 0644);
  CHECK(made >= 0);
  CHECK_INT(close(made), 0);
  handle(SIGUSR1, on_usr1);
  handle(SIGUSR2, on_usr2);

  pid_t kids[MAXKIDS];
  int n = 0;
  while (!full && n < MAXKIDS) {
    int before = answers;
    kids[n] = spawn_self(argv[0], "holder", 0);
    CHECK(kids[n] > 0);
    n++;
    /* Wait for its answer; a holder that ended instead (a failure) is reported below. */
    int st;
    while (answers == before && waitpid(kids[n - 1], &st, WNOHANG) == 0) {
      struct timespec ts = {0, 100000};
      nanosleep(&ts, 0);
    }
    CHECK(answers == before + 1);
  }
  CHECK(full);     /* the system's table filled before MAXKIDS holders */
  CHECK(n >= 2);   /* and not before a second process took files: it is not per process */
  CHECK_INT(open(PATH, O_RDONLY), -1);
  CHECK_INT(errno, ENFILE);

  for (int i = 0; i < n; i++) CHECK_INT(kill(kids[i], SIGKILL), 0);
  for (int i = 0; i < n; i++) {
    int st = 0;
    CHECK_INT(waitpid(kids[i], &st, 0), kids[i]);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
  }
  /* Every holder's entries are back: the parent can open as many as its own limit allows. */
  int opened = 0;
  for (int fd; (fd = open(PATH, O_RDONLY)) >= 0;) opened++;
  CHECK_INT(errno, EMFILE);
  CHECK_INT(opened, (int)lim[0] - 3);
  return check_done();
}
