/* posix-processes-fork-wait-and-groups - the runtime's process calls: fork and wait (the exit
 * status, ECHILD with no child left), waitid with WEXITED and WNOWAIT (si_pid, si_status,
 * si_code), vfork with _exit, sigsuspend woken by a child's SIGUSR1, setsid/getsid/setpgid/
 * getpgid/getpgrp in a child, getrusage and times. The glibc build must print the same.
 * Expect: status 0
 * Glibc: yes */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static volatile sig_atomic_t got;
static void on_usr1(int sig) { got = sig; }

int main(void) {
  fflush(stdout); /* a child's exit would flush what is buffered a second time */

  /* fork and wait. */
  pid_t pid = fork();
  if (pid == 0) _exit(7);
  CHECK(pid > 0);
  int status = -1;
  CHECK(wait(&status) == pid);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 7);
  errno = 0;
  CHECK_INT(wait(&status), -1);
  CHECK_INT(errno, ECHILD);

  /* waitid: look first (WNOWAIT), then reap. */
  pid = fork();
  if (pid == 0) _exit(9);
  siginfo_t si;
  CHECK_INT(waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT), 0);
  CHECK(si.si_pid == pid);
  CHECK_INT(si.si_signo, SIGCHLD);
  CHECK_INT(si.si_code, CLD_EXITED);
  CHECK_INT(si.si_status, 9);
  CHECK_INT(waitid(P_ALL, 0, &si, WEXITED), 0);
  CHECK(si.si_pid == pid);
  errno = 0;
  CHECK_INT(waitid(P_ALL, 0, &si, WEXITED), -1);
  CHECK_INT(errno, ECHILD);

  /* vfork: the child may only _exit or exec. */
  pid = vfork();
  if (pid == 0) _exit(4);
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK_INT(WEXITSTATUS(status), 4);

  /* sigsuspend: SIGUSR1 blocked until the wait, sent by a child. */
  struct sigaction sa = {0};
  sa.sa_handler = on_usr1;
  CHECK_INT(sigaction(SIGUSR1, &sa, NULL), 0);
  sigset_t usr1, old;
  sigemptyset(&usr1);
  sigaddset(&usr1, SIGUSR1);
  CHECK_INT(sigprocmask(SIG_BLOCK, &usr1, &old), 0);
  pid = fork();
  if (pid == 0) _exit(kill(getppid(), SIGUSR1) == 0 ? 0 : 1);
  errno = 0;
  CHECK_INT(sigsuspend(&old), -1);
  CHECK_INT(errno, EINTR);
  CHECK_INT(got, SIGUSR1);
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK_INT(status, 0);
  CHECK_INT(sigprocmask(SIG_SETMASK, &old, NULL), 0);

  /* Sessions and groups, in a child (the parent may lead its group already). */
  CHECK(getpgrp() == getpgid(0));
  CHECK(getsid(0) >= 0); /* 0 when the session leader is outside our pid namespace */
  pid = fork();
  if (pid == 0) {
    int ok = setsid() == getpid() && getsid(0) == getpid() && getpgrp() == getpid();
    ok = ok && setsid() == -1 && errno == EPERM; /* a group leader already */
    _exit(ok ? 0 : 1);
  }
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK_INT(status, 0);
  pid = fork();
  if (pid == 0) {
    int ok = setpgid(0, 0) == 0 && getpgid(0) == getpid() && getpgrp() == getpid();
    _exit(ok ? 0 : 1);
  }
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK_INT(status, 0);
  errno = 0;
  CHECK_INT(getpgid(-5), -1);
  CHECK_INT(errno, ESRCH);

  /* Resource usage and times. */
  struct rusage ru;
  CHECK_INT(getrusage(RUSAGE_SELF, &ru), 0);
  CHECK(ru.ru_utime.tv_usec < 1000000 && ru.ru_stime.tv_usec < 1000000);
  CHECK_INT(getrusage(RUSAGE_CHILDREN, &ru), 0);
  errno = 0;
  CHECK_INT(getrusage(5, &ru), -1);
  CHECK_INT(errno, EINVAL);
  struct tms t;
  CHECK(times(&t) != (clock_t)-1);
  CHECK(t.tms_utime >= 0 && t.tms_cutime >= 0);
  return check_done();
}
