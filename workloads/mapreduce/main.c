/* mapreduce - E7's jobs in one program, so that a run of two at once is one program spawning
 * itself (kasane_spawn loads the boot program by its name; the disk holds only the inputs):
 *
 *   mapreduce JOB SIZE [THREADS]             run one job: pi, grep, sort, wordcount or index
 *   mapreduce corun SIZE THREADS JOB...      run the JOBs at once, each a process of its own
 *                                            (kasane-sim only), and wait for them all
 *
 * A JOB may be a daemon, daemon:PERIOD_US:WORK_KIB:THREADS (daemon.c: a process that wakes
 * periodically and does a little work, a stand-in for Hadoop's daemon JVMs): corun starts the
 * daemons first, does not wait for them, and kills them once every other job is done; they are
 * not timed and do not count as "first" or "last".
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
#include <signal.h>
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

int daemon_main(int argc, char** argv);

static const struct {
  const char* name;
  int (*main)(int argc, char** argv);
} jobs[] = {{"pi", pi_main},
            {"grep", grep_main},
            {"sort", sort_main},
            {"wordcount", wordcount_main},
            {"index", index_main},
            {"daemon", daemon_main}};
#define NJOBS (int)(sizeof jobs / sizeof jobs[0])

/* The job a name asks for (a daemon's name carries its parameters after a colon), or -1. */
static int job_index(const char* name) {
  const char* colon = strchr(name, ':');
  size_t len = colon ? (size_t)(colon - name) : strlen(name);
  for (int i = 0; i < NJOBS; i++)
    if (strlen(jobs[i].name) == len && strncmp(jobs[i].name, name, len) == 0)
      return name[len] == 0 || jobs[i].main == daemon_main ? i : -1;
  return -1;
}

static int is_daemon(const char* name) { return strncmp(name, "daemon", 6) == 0; }

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

#ifndef __GLIBC__
/* Spawn job i of corun's argv: this program again, as `JOB SIZE THREADS`. */
static pid_t spawn_job(char** argv, int i) {
  char* cargv[] = {argv[0], argv[4 + i], argv[2], argv[3], NULL};
  char* cenvp[] = {NULL};
  pid_t p = kasane_spawn(argv[0], cargv, cenvp);
  if (p < 0) mr_die("cannot spawn", argv[4 + i]);
  return p;
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
  int first = -1, last = -1, timed = 0;
  for (int i = 0; i < n; i++) /* the daemons first: they run before the jobs start */
    if (is_daemon(argv[4 + i])) pid[i] = spawn_job(argv, i);
  for (int i = 0; i < n; i++) {
    if (is_daemon(argv[4 + i])) continue;
    pid[i] = spawn_job(argv, i);
    if (first < 0) first = i;
    last = i;
    timed++;
  }
  int failed = 0;
  for (int left = timed; left > 0;) {
    int status;
    pid_t done = waitpid(-1, &status, 0);
    unsigned long cycles = kasane_cycles() - start;
    if (done < 0) mr_die("waitpid failed", "");
    for (int i = 0; i < n; i++) {
      if (pid[i] != done) continue;
      if (is_daemon(argv[4 + i])) {
        printf("corun: daemon %s ended (status %#x)\n", argv[4 + i], status);
        failed = 1;
        pid[i] = 0;
        continue;
      }
      left--;
      char name[32];
      snprintf(name, sizeof name, "%s.turnaround", argv[4 + i]);
      kasane_report(name, cycles);
      if (i == first) kasane_report("first.turnaround", cycles);
      if (i == last) kasane_report("last.turnaround", cycles);
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("corun: %s failed (status %#x)\n", argv[4 + i], status);
        failed = 1;
      }
    }
  }
#ifdef HAVE_SCHED_STATS
  report_sched_stats(&before);
#endif
  for (int i = 0; i < n; i++) /* the daemons' work is done when the jobs' is */
    if (is_daemon(argv[4 + i]) && pid[i] > 0) {
      int status;
      kill(pid[i], SIGKILL);
      waitpid(pid[i], &status, 0);
    }
  return failed;
#endif
}

int main(int argc, char** argv) {
  if (argc >= 2 && strcmp(argv[1], "corun") == 0) return corun(argc, argv);
  int j = argc >= 2 ? job_index(argv[1]) : -1;
  if (j < 0) {
    printf("usage: mapreduce pi|grep|sort|wordcount|index small|full [THREADS]\n"
           "       mapreduce daemon:PERIOD_US:WORK_KIB:THREADS small|full [THREADS]\n"
           "       mapreduce corun small|full THREADS JOB...\n");
    return 2;
  }
  return jobs[j].main(argc - 1, argv + 1);
}
