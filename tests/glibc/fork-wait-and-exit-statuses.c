/* fork and the wait calls as glibc and a shell use them, compared with Linux: a child's exit
 * status and the signal that killed it come back through waitpid, wait4 (with its rusage) and
 * waitid; WNOHANG answers 0 while a child runs; a child whose parent ignores SIGCHLD leaves no
 * zombie (the wait then finds no child); a SIGCHLD handler runs when a
 * child ends; the child has its own copy of memory and shares the parent's open files;
 * getppid; waitpid for a pid that is not a child is ECHILD, and an unknown option EINVAL.
 * (SA_NOCLDWAIT is tests/os's: qemu-mipsel does not pass it on to Linux.) A SIGCHLD handler
 * with SA_SIGINFO gets CLD_EXITED or CLD_KILLED, the status and the pid.
 * Expect: status 0 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int chld_seen, chld_code, chld_status, chld_pid;
static void on_chld(int sig, siginfo_t* si, void* uc) {
  (void)uc;
  chld_seen = sig;
  chld_code = si->si_code;
  chld_status = si->si_status;
  chld_pid = si->si_pid;
}

static int counter = 10;

int main(void) {
  setvbuf(stdout, 0, _IONBF, 0); /* the children's output comes in order */
  /* A copy of memory: the child's change stays its own. */
  pid_t me = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    counter += 5;
    printf("child: counter %d, getppid is the parent: %d\n", counter, getppid() == me);
    _exit(counter);
  }
  int st;
  if (waitpid(pid, &st, 0) != pid) return 1;
  printf("parent: counter %d, child exited %d with %d\n", counter, WIFEXITED(st), WEXITSTATUS(st));

  /* Killed by a signal. */
  pid = fork();
  if (pid == 0) {
    kill(getpid(), SIGTERM);
    for (;;) pause();
  }
  struct rusage ru;
  memset(&ru, 0xff, sizeof ru);
  if (wait4(pid, &st, 0, &ru) != pid) return 2;
  printf("signalled %d by %s, rusage times sane %d\n", WIFSIGNALED(st),
         strsignal(WTERMSIG(st)), ru.ru_utime.tv_sec >= 0 && ru.ru_stime.tv_usec >= 0 &&
         ru.ru_utime.tv_usec < 1000000);

  /* WNOHANG while it runs, then the blocking wait. */
  int fds[2];
  if (pipe(fds) < 0) return 3;
  pid = fork();
  if (pid == 0) {
    char c;
    close(fds[1]);
    read(fds[0], &c, 1); /* until the parent says go */
    _exit(7);
  }
  close(fds[0]);
  printf("WNOHANG while running: %d\n", waitpid(pid, &st, WNOHANG));
  write(fds[1], "g", 1);
  close(fds[1]);
  siginfo_t si;
  memset(&si, 0, sizeof si);
  if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT) != 0) return 4;
  printf("waitid WNOWAIT: signo %d code %d status %d pid ok %d\n", si.si_signo, si.si_code,
         si.si_status, si.si_pid == pid);
  if (waitid(P_ALL, 0, &si, WEXITED) != 0) return 5;
  printf("waitid again: status %d pid ok %d\n", si.si_status, si.si_pid == pid);
  errno = 0;
  printf("no child left: %d %s\n", waitpid(-1, &st, 0), strerror(errno));
  errno = 0;
  printf("not a child: %d %s\n", waitpid(1, &st, 0), strerror(errno));
  errno = 0;
  printf("bad option: %d %s\n", waitpid(-1, &st, 0x100), strerror(errno));

  /* A SIGCHLD handler runs, told how the child ended. */
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_chld;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigaction(SIGCHLD, &sa, 0);
  pid = fork();
  if (pid == 0) _exit(9);
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  printf("SIGCHLD handler ran: %d, code %d (CLD_EXITED %d), status %d, pid ok %d\n",
         chld_seen == SIGCHLD, chld_code, CLD_EXITED, chld_status, chld_pid == pid);
  pid = fork();
  if (pid == 0) {
    kill(getpid(), SIGKILL);
    _exit(0);
  }
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  printf("killed child: code %d (CLD_KILLED %d), status %d\n", chld_code, CLD_KILLED, chld_status);

  /* Ignored SIGCHLD: no zombies. */
  signal(SIGCHLD, SIG_IGN);
  pid = fork();
  if (pid == 0) _exit(3);
  errno = 0;
  printf("SIG_IGN: wait %d %s\n", waitpid(pid, &st, 0), strerror(errno));
  signal(SIGCHLD, SIG_DFL);

  /* Shared open files: the child's write moves the parent's offset (a pipe shows the order). */
  if (pipe(fds) < 0) return 6;
  pid = fork();
  if (pid == 0) {
    write(fds[1], "from child;", 11);
    _exit(0);
  }
  waitpid(pid, &st, 0);
  write(fds[1], "from parent", 11);
  char buf[32] = {0};
  read(fds[0], buf, sizeof buf - 1);
  printf("pipe holds: %s\n", buf);
  return 0;
}
