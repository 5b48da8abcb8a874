/* mapreduce - E7's jobs in one program, so that a run of two at once is one program spawning
 * itself (kasane_spawn loads the boot program by its name; the disk holds only the inputs):
 *
 *   mapreduce JOB SIZE [THREADS]             run one job: pi, grep, sort, wordcount or index
 *   mapreduce corun SIZE THREADS JOB...      run the JOBs at once, each a process of its own
 *                                            (kasane-sim only), and wait for them all
 *
 * SIZE is small (the tests) or full (E7); THREADS defaults to 8, the contexts of the 4-core
 * machine. corun reports "JOB.turnaround": the cycles from just before it spawned the JOBs to
 * the moment waitpid gave it that one back (start-up and exit included, as the paper's times
 * are whole jobs'), and the same as "first.turnaround" for the first JOB named and
 * "last.turnaround" for the last (the same job when there is one), so that an experiment reads
 * the same names whatever the jobs; each job reports its own "JOB.cycles" (its region of
 * interest) too. With a kernel that has kasane_sched_stats (<kasane/ias.h>), corun also reports
 * the scheduler's counters over the run, summed over the cores: "sched.picks",
 * "sched.time_aggr", "sched.space_aggr" (the paper's time and space aggregations) and
 * "sched.migrations". The exit status is the job's, or for corun 1 if any job failed. */
#include <sys/wait.h>

#include "mapreduce.h"

/* The kernel scheduler's counters, where the kernel has the call (os.scheduler, IAS). */
#if !defined(__GLIBC__) && __has_include(<kasane/ias.h>)
#include <kasane/ias.h>
#define HAVE_SCHED_STATS 1
#endif

KASANE_ROI_NAME(1, pi);
KASANE_ROI_NAME(2, grep);
KASANE_ROI_NAME(3, sort);
KASANE_ROI_NAME(4, wordcount);
KASANE_ROI_NAME(5, index);

static const struct {
  const char* name;
  int (*main)(int argc, char** argv);
} jobs[] = {{"pi", pi_main},
            {"grep", grep_main},
            {"sort", sort_main},
            {"wordcount", wordcount_main},
            {"index", index_main}};
#define NJOBS (int)(sizeof jobs / sizeof jobs[0])

static int job_index(const char* name) {
  for (int i = 0; i < NJOBS; i++)
    if (strcmp(jobs[i].name, name) == 0) return i;
  return -1;
}

#ifdef HAVE_SCHED_STATS
/* Report after - before of the scheduler's counters, summed over the cores. */
static void report_sched_stats(const struct kasane_sched_stats* before) {
  struct kasane_sched_stats after;
  if (kasane_sched_stats(-1, &after) != 0) return;
  kasane_report("sched.picks", after.picks - before->picks);
  kasane_report("sched.time_aggr", after.time_aggr - before->time_aggr);
  kasane_report("sched.space_aggr", after.space_aggr - before->space_aggr);
  kasane_report("sched.migrations", after.migrations - before->migrations);
}
#endif

static int corun(int argc, char** argv) {
#ifdef __GLIBC__
  (void)argc, (void)argv;
  printf("corun: kasane-sim only (it spawns with kasane_spawn)\n");
  return 1;
#else
  if (argc < 5) mr_die("usage:", "mapreduce corun SIZE THREADS JOB...");
  int n = argc - 4;
  pid_t pid[MR_MAX_THREADS];
  if (n > MR_MAX_THREADS) mr_die("too many jobs", argv[4]);
  for (int i = 0; i < n; i++)
    if (job_index(argv[4 + i]) < 0) mr_die("no such job", argv[4 + i]);
  fflush(stdout);
#ifdef HAVE_SCHED_STATS
  struct kasane_sched_stats before = {0};
  kasane_sched_stats(-1, &before);
#endif
  unsigned long start = kasane_cycles();
  for (int i = 0; i < n; i++) {
    char* cargv[] = {argv[0], argv[4 + i], argv[2], argv[3], NULL};
    char* cenvp[] = {NULL};
    pid[i] = kasane_spawn(argv[0], cargv, cenvp);
    if (pid[i] < 0) mr_die("cannot spawn", argv[4 + i]);
  }
  int failed = 0;
  for (int left = n; left > 0; left--) {
    int status;
    pid_t done = waitpid(-1, &status, 0);
    unsigned long cycles = kasane_cycles() - start;
    for (int i = 0; i < n; i++) {
      if (pid[i] != done) continue;
      char name[32];
      snprintf(name, sizeof name, "%s.turnaround", argv[4 + i]);
      kasane_report(name, cycles);
      if (i == 0) kasane_report("first.turnaround", cycles);
      if (i == n - 1) kasane_report("last.turnaround", cycles);
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("corun: %s failed (status %#x)\n", argv[4 + i], status);
        failed = 1;
      }
    }
  }
#ifdef HAVE_SCHED_STATS
  report_sched_stats(&before);
#endif
  return failed;
#endif
}

int main(int argc, char** argv) {
  if (argc >= 2 && strcmp(argv[1], "corun") == 0) return corun(argc, argv);
  int j = argc >= 2 ? job_index(argv[1]) : -1;
  if (j < 0) {
    printf("usage: mapreduce pi|grep|sort|wordcount|index small|full [THREADS]\n"
           "       mapreduce corun small|full THREADS JOB...\n");
    return 2;
  }
  return jobs[j].main(argc - 1, argv + 1);
}
