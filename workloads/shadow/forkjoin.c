/* forkjoin - null fork-join latency of Shadow threads per wait policy (experiment E3, the
 * papers' Table 2 and the two-phase table).
 *
 *     forkjoin [-n ITERATIONS] [-w WORK] [THRESHOLD...]
 *
 * For each policy (spin, mwait, suspend, and two-phase with each THRESHOLD; default 0 100 10000
 * 1000000, "inf" for SHADOW_FOREVER) it creates a shadow with one sibling, warms it up, then
 * times ITERATIONS (default 1000) fork-join pairs of a job that loops WORK times (default 0:
 * the null job), and prints cycles per fork-join. "call" is the job called directly, the floor.
 * A row whose forks found no sibling (every context taken) says so: its forks ran inline.
 *
 * The cycles come from the core's cycle counter (shadow_cycles, RDHWR $2), read around the
 * timed loop. Each timed loop is also region of interest N (kasane_roi), N the row's number
 * from 0, so stats.json has its cycles and each context's instructions; the region includes
 * the two kasane_roi system calls' entry and exit, which the printed figure does not. */
#include <kasane/syscalls.h>
#include <shadow.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile unsigned long job_work; /* loop count of each job */
static volatile unsigned long job_sink;

static void job(void* arg) {
  (void)arg;
  for (unsigned long i = job_work; i; i--) job_sink = i;
}

struct row {
  const char* name;
  int policy;            /* -1: a direct call */
  unsigned long threshold;
};

/* Cycles per fork-join, in tenths; *inline_forks counts forks that found no sibling. The timed
 * loop is region of interest `roi`. */
static unsigned long long measure(const struct row* r, int roi, unsigned long iters,
                                  unsigned long* inline_forks) {
  struct shadow s;
  *inline_forks = 0;
  if (r->policy < 0) {
    void (*volatile fn)(void*) = job; /* called through a pointer, as a fork would */
    for (int i = 0; i < 10; i++) fn(0);
    kasane_roi(1, roi);
    unsigned long t0 = shadow_cycles();
    for (unsigned long i = 0; i < iters; i++) fn(0);
    unsigned long t = shadow_cycles() - t0;
    kasane_roi(0, roi);
    return (unsigned long long)t * 10 / iters;
  }
  if (shadow_create(&s, r->policy, r->threshold) < 0) {
    printf("shadow_create failed\n");
    exit(1);
  }
  for (int i = 0; i < 10; i++) {
    shadow_fork(&s, job, 0);
    shadow_join(&s);
  }
  kasane_roi(1, roi);
  unsigned long t0 = shadow_cycles();
  for (unsigned long i = 0; i < iters; i++) {
    if (shadow_fork(&s, job, 0) == 0) ++*inline_forks;
    shadow_join(&s);
  }
  unsigned long t = shadow_cycles() - t0;
  kasane_roi(0, roi);
  shadow_destroy(&s);
  return (unsigned long long)t * 10 / iters;
}

int main(int argc, char** argv) {
  unsigned long iters = 1000;
  struct row rows[4 + 16] = {
      {"call", -1, 0},
      {"spin", SHADOW_SPIN, 0},
      {"mwait", SHADOW_MWAIT, 0},
      {"suspend", SHADOW_SUSPEND, 0},
  };
  int nrows = 4, given = 0;
  static const char* default_thresholds[] = {"0", "100", "10000", "1000000"};
  const char* thresholds[16];
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
      iters = strtoul(argv[++i], 0, 0);
    } else if (strcmp(argv[i], "-w") == 0 && i + 1 < argc) {
      job_work = strtoul(argv[++i], 0, 0);
    } else if (given < 16) {
      thresholds[given++] = argv[i];
    }
  }
  if (iters == 0) iters = 1;
  if (!given) {
    for (; given < 4; given++) thresholds[given] = default_thresholds[given];
  }
  for (int i = 0; i < given; i++) {
    int forever = strcmp(thresholds[i], "inf") == 0;
    rows[nrows++] = (struct row){"two-phase", SHADOW_TWO_PHASE,
                                 forever ? SHADOW_FOREVER : strtoul(thresholds[i], 0, 0)};
  }

  printf("null fork-join, %lu iterations, job of %lu loops\n", iters, (unsigned long)job_work);
  printf("%-10s %10s %16s\n", "policy", "threshold", "cycles/fork-join");
  for (int i = 0; i < nrows; i++) {
    unsigned long inline_forks;
    unsigned long long t = measure(&rows[i], i, iters, &inline_forks);
    char th[16] = "-";
    if (rows[i].policy == SHADOW_TWO_PHASE) {
      if (rows[i].threshold == SHADOW_FOREVER)
        strcpy(th, "inf");
      else
        snprintf(th, sizeof th, "%lu", rows[i].threshold);
    }
    printf("%-10s %10s %14llu.%llu", rows[i].name, th, t / 10, t % 10);
    if (inline_forks) printf("  (%lu forks ran inline: no free context)", inline_forks);
    printf("\n");
  }
  return 0;
}
