/* corepair - give this process a core-scheduling cookie shared with one other process, then run a
 * program with it: E10's cost of core scheduling with a cookie per pair of processes, as two users
 * who each trust their own programs. The cookie outlasts the execve, as on Linux.
 * Usage: corepair PROGRAM [ARG...]
 * Processes pair up by pid, 1 with 2, 3 with 4 and so on (a workload's processes take pids 1, 2,
 * ... in its order). The odd one of a pair makes a cookie for its partner
 * (PR_SCHED_CORE_CREATE on the partner's pid) and then takes it from there (SHARE_FROM), so it
 * never holds a cookie the partner does not; the partner waits for it. A lone odd one (no
 * partner: a program run alone) takes a cookie of its own. Exits 64 with a usage line for no
 * PROGRAM, 1 (with perror's line) when prctl or execve fails. */
#include <stdint.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

/* Both sleep first, so that neither runs when the other's cookie changes: a running thread whose
 * cookie changes is rescheduled and, beside one of another cookie, may wait a time slice for its
 * cookie's turn on the core (os/coresched.c). The odd one, after 20 us, makes the cookie for its
 * partner, still asleep (50 us), and then takes it; the partner wakes with it (it checks, and
 * waits at most about 10^7 cycles for a partner that never comes, then makes one of its own).
 * 0, or -1 (errno set). */
static int pair_cookie(void) {
  uint64_t c = 0;
  usleep(20);
  pid_t me = getpid();
  if (me % 2 == 0) {
    usleep(30);
    for (int i = 0; i < 1000; i++) {
      if (prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, 0, PIDTYPE_PID, (unsigned long)&c) != 0)
        return -1;
      if (c != 0) return 0;
      usleep(10);
    }
  } else if (prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, me + 1, PIDTYPE_TGID, 0) == 0) {
    return prctl(PR_SCHED_CORE, PR_SCHED_CORE_SHARE_FROM, me + 1, PIDTYPE_PID, 0);
  }
  return prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, PIDTYPE_TGID, 0); /* no partner */
}

int main(int argc, char** argv, char** envp) {
  if (argc < 2) {
    fprintf(stderr, "usage: corepair PROGRAM [ARG...]\n");
    return 64;
  }
  if (pair_cookie() != 0) {
    perror("corepair: prctl(PR_SCHED_CORE)");
    return 1;
  }
  execve(argv[1], argv + 1, envp);
  fprintf(stderr, "corepair: ");
  perror(argv[1]);
  return 1;
}
