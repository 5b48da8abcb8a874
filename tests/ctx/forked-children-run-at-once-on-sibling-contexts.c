/* forked-children-run-at-once-on-sibling-contexts - in context mode fork's children are placed as
 * woken threads are (an idle sibling, then an idle core), so three children that compute run at
 * once, one per CPU, beside their parent waiting in a pipe read. One child runs alone first to
 * time the work; then three start together (the third execs this program again, which keeps its
 * pid and its pipe), each writing to the pipe its CPU and the clock at its start and end. They
 * must run on three different CPUs, each interval must overlap the others', the three together
 * must take well under twice one alone (one after another they would take three times as long),
 * and each must end with the status it was given, which wait4 reports.
 * Expect: status 0 */
#include <kasane/syscall_nr.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "smp.h"

#define WORK 250000u /* compute()'s rounds: about a million cycles */
#define KIDS 3

struct record {
  int cpu0, cpu1;     /* its CPU at the start and at the end */
  uint64_t t0, t1;    /* CLOCK_MONOTONIC, ns */
};

static uint64_t now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A child's work: compute, tell the parent on fd what ran where, end with status. */
static void child(int fd, int status) {
  struct record r = {this_cpu(), 0, now(), 0};
  compute(WORK);
  r.t1 = now();
  r.cpu1 = this_cpu();
  _exit(write(fd, &r, sizeof r) == (ssize_t)sizeof r ? status : 99);
}

/* fork(): the raw call, as this runtime has no wrapper (one thread: nothing to reset). */
static pid_t fork_raw(void) { return (pid_t)syscall(SYS_fork); }

/* Fork child n (status 10 + n) writing to fd; with exec, the child execs this program first. */
static pid_t start(const char* argv0, int fd, int n, int exec) {
  pid_t pid = fork_raw();
  if (pid != 0) return pid;
  if (exec) {
    char fds[12], ns[12];
    snprintf(fds, sizeof fds, "%d", fd);
    snprintf(ns, sizeof ns, "%d", 10 + n);
    char* av[] = {(char*)argv0, "child", fds, ns, 0};
    char* ev[] = {0};
    syscall(SYS_execve, argv0, av, ev);
    _exit(98);
  }
  child(fd, 10 + n);
  return 0;
}

static int overlap(const struct record* a, const struct record* b) {
  return a->t0 < b->t1 && b->t0 < a->t1;
}

int main(int argc, char** argv) {
  if (argc == 4 && strcmp(argv[1], "child") == 0) child(atoi(argv[2]), atoi(argv[3]));
  int fds[2];
  CHECK_INT(syscall(SYS_pipe2, fds, 0), 0);

  struct record solo;
  pid_t c = start(argv[0], fds[1], 0, 0);
  CHECK(c > 0);
  int status = -1;
  CHECK(read(fds[0], &solo, sizeof solo) == (ssize_t)sizeof solo);
  CHECK(waitpid(c, &status, 0) == c && WIFEXITED(status) && WEXITSTATUS(status) == 10);

  pid_t kid[KIDS];
  for (int n = 0; n < KIDS; n++) kid[n] = start(argv[0], fds[1], n, n == KIDS - 1);
  close(fds[1]);
  struct record r[KIDS];
  for (int n = 0; n < KIDS; n++) CHECK(read(fds[0], &r[n], sizeof r[n]) == (ssize_t)sizeof r[n]);
  char extra;
  CHECK_INT(read(fds[0], &extra, 1), 0); /* every writer gone: end of file */
  for (int n = 0; n < KIDS; n++) {
    status = -1;
    CHECK(kid[n] > 0 && waitpid(kid[n], &status, 0) == kid[n]);
    CHECK(WIFEXITED(status));
    CHECK_INT(WEXITSTATUS(status), 10 + n);
  }

  uint64_t first = r[0].t0, last = r[0].t1;
  for (int a = 0; a < KIDS; a++) {
    if (r[a].t0 < first) first = r[a].t0;
    if (r[a].t1 > last) last = r[a].t1;
    CHECK_INT(r[a].cpu0, r[a].cpu1); /* nothing moved it: no CPU was shared */
    for (int b = a + 1; b < KIDS; b++) {
      CHECK(r[a].cpu0 != r[b].cpu0);
      CHECK(overlap(&r[a], &r[b]));
    }
  }
  uint64_t alone = solo.t1 - solo.t0;
  printf("alone %llu ns, three together %llu ns\n", (unsigned long long)alone,
         (unsigned long long)(last - first));
  CHECK(last - first < 2 * alone);
  return check_done();
}
