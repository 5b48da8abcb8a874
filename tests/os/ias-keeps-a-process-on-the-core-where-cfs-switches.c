/* ias-keeps-a-process-on-the-core-where-cfs-switches - IAS's time aggregation at work: two
 * processes, each with 8 clone threads that compute for a few time slices, share the one core
 * (4 contexts) of a machine booted with os.scheduler = ias. At a slice end where another process
 * waits, CFS switches to it when its leftmost thread is behind the running process's in vruntime;
 * IAS keeps the running process while it is within the bonus (nextproc.c, fair_slice_end), and
 * counts that as a time aggregation. With the bonus at 0 (IAS is then CFS) the pair runs with no
 * aggregation; with a bonus of four quanta it runs with some; both pairs finish their work. In
 * context mode the one-rule counters count only choices CFS would not make, so the second process
 * starts a little later there (see pair).
 * Set: os.scheduler=ias sim.max_cycles=150000000
 * Expect: status 0 */
#include <kasane/ias.h>
#include <kasane/syscalls.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "kthread.h"

#define NT 8
#define ROUNDS 300000 /* a few time slices of each thread's work on a context of its own */

static char stacks[NT][1024] __attribute__((aligned(8)));
static volatile int ctid[NT];
static volatile unsigned sums[NT];

static void compute(void* arg) {
  int i = (int)(long)arg;
  unsigned x = (unsigned)i + 1;
  for (int n = 0; n < ROUNDS; n++) x = x * 1103515245u + 12345u;
  sums[i] = x;
}

/* One of the pair: its threads compute; the main thread joins them (asleep in the kernel, so the
 * process's runnable threads are all clone threads, which the policy weighs). */
static int worker(void) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(0, &one); /* both on core 0, however many cores the machine has */
  if (sched_setaffinity(0, sizeof one, &one) != 0) return 3;
  for (int i = 0; i < NT; i++) {
    ctid[i] = -1;
    long t = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                    (int*)&ctid[i], compute, (void*)(long)i);
    if (t <= 0) return 1;
  }
  for (int i = 0; i < NT; i++) kjoin(&ctid[i]);
  for (int i = 0; i < NT; i++)
    if (sums[i] == 0) return 2;
  return 0;
}

/* Run the pair with the IAS bonus set to `bonus`; the time aggregations counted meanwhile. */
static unsigned long long pair(const char* self, int bonus) {
  CHECK(kasane_ias_bonus(bonus) >= 0);
  struct kasane_sched_stats before, after;
  CHECK_INT(kasane_sched_stats(-1, &before), 0);
  char* argv[] = {(char*)self, "worker", NULL};
  char* envp[] = {NULL};
  pid_t pid[2];
  /* With several run queues (context mode: a CPU each) the second starts once the first one's
   * threads have run a while, so that their vruntimes interleave with its own and CFS alternates
   * the two on CPU 0, where both are pinned: two started at once would queue there in two blocks
   * that CFS runs one after the other, leaving IAS no choice to change. */
  struct kasane_sched_stats s;
  int queues = 0;
  while (queues < 64 && kasane_sched_stats(queues, &s) == 0) queues++;
  for (int k = 0; k < 2; k++) {
    CHECK((pid[k] = kasane_spawn(self, argv, envp)) > 0);
    if (k == 0 && queues > 1) usleep(300);
  }
  for (int k = 0; k < 2; k++) {
    int status = -1;
    CHECK_INT(waitpid(pid[k], &status, 0), pid[k]);
    CHECK_INT(status, 0);
  }
  CHECK_INT(kasane_sched_stats(-1, &after), 0);
  CHECK(after.picks > before.picks);
  printf("bonus %d: %llu time aggregations\n", bonus, after.time_aggr - before.time_aggr);
  return after.time_aggr - before.time_aggr;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "worker") == 0) return worker();
  CHECK(pair(argv[0], 0) == 0);
  unsigned long long aggregated = pair(argv[0], 64);
  CHECK(aggregated > 0);
  return check_done();
}
