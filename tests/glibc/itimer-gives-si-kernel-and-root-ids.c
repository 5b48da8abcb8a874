/* Who sent a signal, and who the process is, as Linux says it. A SIGALRM from an interval timer
 * (setitimer; alarm is the same timer, in whole seconds, too slow to simulate here) reaches an
 * SA_SIGINFO handler with si_code SI_KERNEL (0x80) and si_pid 0; the same signal sent with kill has SI_USER and the sender's pid and uid. The real and
 * effective user and group ids agree (Kasane has one user, root; qemu reports the host's), and
 * si_uid of a kill is the sender's getuid.
 * Expect: status 0 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static volatile int got, got_code, got_pid, got_uid;

static void on_alarm(int sig, siginfo_t* info, void* uc) {
  (void)uc;
  got = sig;
  got_code = info->si_code;
  got_pid = info->si_pid;
  got_uid = (int)info->si_uid;
}

/* Sleep until the handler has run (nanosleep ends early, EINTR): the core idles meanwhile. */
static void wait_for_it(void) {
  struct timespec long_enough = {5, 0};
  while (!got) nanosleep(&long_enough, 0);
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_alarm;
  sa.sa_flags = SA_SIGINFO;
  if (sigaction(SIGALRM, &sa, 0) != 0) return 3;

  struct itimerval it = {{0, 0}, {0, 2000}}; /* once, in 2 ms */
  if (setitimer(ITIMER_REAL, &it, 0) != 0) return 4;
  wait_for_it();
  printf("setitimer: signo %d code %#x pid %d\n", got, got_code, got_pid);

  got = 0;
  kill(getpid(), SIGALRM);
  wait_for_it();
  printf("kill: signo %d code %d pid is mine %d uid is mine %d\n", got, got_code,
         got_pid == getpid(), got_uid == (int)getuid());
  printf("uid == euid %d, gid == egid %d\n", getuid() == geteuid(), getgid() == getegid());
  return 0;
}
