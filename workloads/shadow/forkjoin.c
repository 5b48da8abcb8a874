/* forkjoin - null fork-join latency of Shadow threads per wait policy (experiment E3, the
 * papers' Table 2 and the two-phase table), and a long join for its temperature figure.
 *
 *     forkjoin [-n ITERATIONS] [-w WORK] [ROW...]
 *
 * A ROW is `call` (the job called directly: the floor), `spin`, `mwait`, `suspend`, or a
 * two-phase threshold: a number, `inf` (SHADOW_FOREVER), or the same as `two_phase.N`. With no
 * ROW: call spin mwait suspend 0 100 10000 1000000. For each row it creates a shadow with one
 * sibling, warms it up with 10 null fork-joins, then times ITERATIONS (default 1000) fork-join
 * pairs of a job of WORK multiply steps (default 0: the null job), and prints cycles per
 * fork-join. A row whose forks found no sibling (every context taken) says so: its forks ran
 * inline.
 *
 * Each row's cycles per fork-join, rounded, go to stats.json as kasane_report
 * "forkjoin.ROW" (forkjoin.call, forkjoin.spin, forkjoin.mwait, forkjoin.suspend,
 * forkjoin.two_phase.N, forkjoin.two_phase.inf), "forkjoin.iterations" = ITERATIONS, and
 * "forkjoin.cycles" = the last row's figure again, for experiments that run one row per
 * simulation and so read the same name in every point.
 * `forkjoin -n 1 -w 3000000 spin` is one long join: the main thread waits in it for about 40 M
 * cycles while the sibling works (E3's temperature runs).
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

static volatile unsigned long job_work; /* multiply steps of each job */
static volatile unsigned long job_sink;

/* The job: WORK steps of a chain of dependent multiplies (about 13 cycles each with the default
 * 12-cycle multiplier). Latency-bound on purpose: it leaves the issue slots, the ALUs and the
 * data port to a thread waiting in join, so what that thread's waiting costs shows by itself. */
static void job(void* arg) {
  (void)arg;
  unsigned long x = 1;
  for (unsigned long i = job_work; i; i--) x = x * 2654435761u + i;
  job_sink = x;
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
    unsigned long work = job_work;      /* warm up with null jobs, as below */
    job_work = 0;
    for (int i = 0; i < 10; i++) fn(0);
    job_work = work;
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
  unsigned long work = job_work; /* warm up with null jobs, however long the timed ones */
  job_work = 0;
  for (int i = 0; i < 10; i++) {
    shadow_fork(&s, job, 0);
    shadow_join(&s);
  }
  job_work = work;
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

/* Parses a ROW argument into *r, with its report name in key[KEYLEN]; 0 if it is not one. */
#define KEYLEN 32
static int parse_row(const char* a, struct row* r, char* key) {
  static const struct row named[] = {
      {"call", -1, 0},
      {"spin", SHADOW_SPIN, 0},
      {"mwait", SHADOW_MWAIT, 0},
      {"suspend", SHADOW_SUSPEND, 0},
  };
  for (unsigned i = 0; i < sizeof named / sizeof named[0]; i++) {
    if (strcmp(a, named[i].name) == 0) {
      *r = named[i];
      snprintf(key, KEYLEN, "%s", a);
      return 1;
    }
  }
  if (strncmp(a, "two_phase.", 10) == 0) a += 10;
  char* end;
  unsigned long th = strtoul(a, &end, 0);
  int forever = strcmp(a, "inf") == 0;
  if (!forever && (end == a || *end)) return 0;
  *r = (struct row){"two-phase", SHADOW_TWO_PHASE, forever ? SHADOW_FOREVER : th};
  if (forever)
    snprintf(key, KEYLEN, "two_phase.inf");
  else
    snprintf(key, KEYLEN, "two_phase.%lu", th);
  return 1;
}

int main(int argc, char** argv) {
  unsigned long iters = 1000;
  static const char* default_rows[] = {"call", "spin",  "mwait",   "suspend",
                                       "0",    "100",   "10000",   "1000000"};
  struct row rows[16];
  char keys[16][KEYLEN];
  int nrows = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
      iters = strtoul(argv[++i], 0, 0);
    } else if (strcmp(argv[i], "-w") == 0 && i + 1 < argc) {
      job_work = strtoul(argv[++i], 0, 0);
    } else if (nrows < 16) {
      if (!parse_row(argv[i], &rows[nrows], keys[nrows])) {
        printf("forkjoin: unknown row '%s' (call, spin, mwait, suspend, N, inf, two_phase.N)\n",
               argv[i]);
        return 2;
      }
      nrows++;
    }
  }
  if (iters == 0) iters = 1;
  if (!nrows) {
    for (; nrows < 8; nrows++) parse_row(default_rows[nrows], &rows[nrows], keys[nrows]);
  }

  printf("fork-join, %lu iterations, job of %lu multiply steps\n", iters, (unsigned long)job_work);
  printf("%-10s %10s %16s\n", "policy", "threshold", "cycles/fork-join");
  kasane_report("forkjoin.iterations", iters);
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
    char name[KEYLEN + 16];
    snprintf(name, sizeof name, "forkjoin.%s", keys[i]);
    kasane_report(name, (t + 5) / 10);
    kasane_report("forkjoin.cycles", (t + 5) / 10);
  }
  return 0;
}
