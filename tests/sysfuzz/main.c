/* sysfuzz - a system call fuzzer for the Kasane kernel, in the style of Trinity: the kernel must
 * survive any unprivileged program, with no panic, no hang and no leak.
 *
 *   sysfuzz SEED [ROUNDS [CALLS [trace]]]
 *   sysfuzz prog FILE [trace]
 *
 * The boot program is the supervisor. For each of ROUNDS (default 4) it spawns WORKERS worker
 * processes (worker.c) that each make CALLS (default 200) random system calls at once, from
 * several hardware contexts, and waits for them. The arguments come from generators that know
 * each call's argument types (gen.c; the types are generated from os/syscalls.tbl). Everything
 * follows from SEED, and the simulator is deterministic: the same seed gives the same run.
 *
 * What it checks itself: a leak. Before the first worker and after the last, it reads the
 * process count and the free memory with sysinfo; they must be equal, and it exits 3 if not. A
 * kernel panic or a hang ends the simulation, which scripts/sysfuzz.py sees in kasane-sim's exit
 * status (70 panic, 71 deadlock, 72 sim.max_cycles). Progress: one console line per worker.
 * With `trace`, every call is printed to stderr before it is made (log.c), to see which one did
 * it. With `prog FILE`, one round of workers makes the steps of a program file (prog.c) instead
 * of random calls: scripts/sysfuzz.py's coverage-guided mode. Other modes are the supervisor's
 * children: `worker SEED INDEX CALLS trace|quiet [FILE]` and `one SEED CALL WHO trace|quiet BOSS`
 * (worker.c; BOSS is the supervisor's pid). */
#include <errno.h>
#include <kasane/syscall_nr.h>
#include <kasane/syscalls.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sysfuzz.h"
#include "sysinfo32.h" /* what the leak check compares (tests/os) */

#define SETTLE_TRIES 200

static void fail(const char* what) { fprintf(stderr, "%s: errno %d\n", what, errno); }

static void get_sysinfo(struct sysinfo32* si) {
  if (syscall(SYS_sysinfo, si, 0, 0, 0, 0, 0) != 0) {
    fail("sysfuzz: sysinfo");
    exit(3);
  }
}

static const char* prog; /* `prog FILE`: the program the workers run, else NULL */

static int spawn_worker(const char* argv0, uint32_t seed, int index, int calls, int trace) {
  char s[16], i[16], c[16];
  snprintf(s, sizeof s, "%lu", (unsigned long)seed);
  snprintf(i, sizeof i, "%d", index);
  snprintf(c, sizeof c, "%d", calls);
  char* argv[] = {(char*)argv0, "worker", s, i, c, trace ? "trace" : "quiet", (char*)prog, 0};
  char* envp[] = {0};
  return kasane_spawn(argv0, argv, envp);
}

static void describe(char* out, size_t n, int st) {
  if (WIFEXITED(st))
    snprintf(out, n, "exit %d", WEXITSTATUS(st));
  else
    snprintf(out, n, "signal %d", WTERMSIG(st));
}

/* Run a round of workers and reap them; the number that ran. */
static int round_of(const char* argv0, uint32_t seed, int round, int calls, int trace) {
  int pids[WORKERS], n = 0;
  for (int w = 0; w < WORKERS; w++) {
    int index = round * WORKERS + w;
    pids[n] = spawn_worker(argv0, mix(seed, (uint32_t)index), index, calls, trace);
    if (pids[n] < 0) {
      fail("sysfuzz: spawn");
      exit(3);
    }
    n++;
  }
  for (int i = 0; i < n; i++) {
    int st = 0;
    char how[32];
    if (waitpid(pids[i], &st, 0) != pids[i]) {
      fail("sysfuzz: waitpid");
      exit(3);
    }
    describe(how, sizeof how, st);
    printf("sysfuzz: worker w%d (pid %d): %s\n", round * WORKERS + i, pids[i], how);
    fflush(stdout); /* progress: the driver sees how far a run that hangs got */
  }
  return n;
}

static int supervise(const char* argv0, uint32_t seed, int rounds, int calls, int trace) {
  int typed = 0, untyped = 0, skipped = 0;
  for (unsigned i = 0; i < SYSFUZZ_NCALLS; i++) {
    if (sysfuzz_calls[i].flags & FZ_SKIP)
      skipped++;
    else if (sysfuzz_calls[i].flags & FZ_UNTYPED)
      untyped++;
    else
      typed++;
  }
  if (prog)
    printf("sysfuzz: program %s: 1 round of %d workers; ", prog, WORKERS);
  else
    printf("sysfuzz: seed %lu: %d rounds of %d workers x %d calls; ", (unsigned long)seed, rounds,
           WORKERS, calls);
  printf("%d calls typed, %d untyped, %d skipped\n", typed, untyped, skipped);
  /* A warm-up worker with no calls first, so that the baseline is taken once the supervisor's
   * own stack and buffers have grown to what the rounds need. */
  const char* p = prog;
  prog = 0; /* the warm-up makes no calls, from a program or not */
  int st, pid = spawn_worker(argv0, seed, -1, 0, 0);
  prog = p;
  if (pid < 0 || waitpid(pid, &st, 0) != pid) {
    fail("sysfuzz: warm-up worker");
    return 3;
  }
  struct sysinfo32 before, after;
  get_sysinfo(&before);
  int workers = 0;
  for (int r = 0; r < rounds; r++) workers += round_of(argv0, seed, r, calls, trace);
  /* A worker killed while it waited for a child leaves that child to init (the kernel), which
   * frees it when it ends, and a process a fuzzed fork or clone made outlives its parent the
   * same way, doing whatever its copied registers say (it may spin for ever). Every process
   * but this one is killed now (kill -1 spares pid 1, the supervisor), and given time to end
   * (up to SETTLE_TRIES naps of 100 us, ~20 M cycles) before what is left is called a leak. */
  syscall(SYS_kill, -1, 9 /* SIGKILL */, 0, 0, 0, 0);
  struct timespec nap = {0, 100000};
  get_sysinfo(&after);
  for (int i = 0; i < SETTLE_TRIES && (after.procs != before.procs || after.freeram != before.freeram);
       i++) {
    nanosleep(&nap, 0);
    get_sysinfo(&after);
  }
  printf("sysfuzz: %d workers done; processes %u -> %u, free memory %lu -> %lu bytes\n", workers,
         before.procs, after.procs, before.freeram, after.freeram);
  if (before.procs != after.procs || before.freeram != after.freeram) {
    printf("sysfuzz: LEAK: %d processes, %ld bytes not given back\n",
           (int)after.procs - (int)before.procs, (long)(before.freeram - after.freeram));
    return 3;
  }
  printf("sysfuzz: ok\n");
  return 0;
}

static uint32_t num(const char* s) { return (uint32_t)strtoul(s, 0, 0); }

int main(int argc, char** argv) {
  const char* argv0 = argc > 0 && argv[0] ? argv[0] : "sysfuzz";
  if (argc >= 6 && strcmp(argv[1], "worker") == 0)
    return worker_main(argv0, num(argv[2]), (int)num(argv[3]), (int)num(argv[4]),
                       strcmp(argv[5], "trace") == 0, argc >= 7 ? argv[6] : 0);
  if (argc >= 3 && strcmp(argv[1], "prog") == 0) {
    prog = argv[2];
    return supervise(argv0, 1, 1, 0, argc > 3 && strcmp(argv[3], "trace") == 0);
  }
  if (argc >= 7 && strcmp(argv[1], "one") == 0)
    return one_main(argv0, num(argv[2]), (int)num(argv[3]), argv[4],
                    strcmp(argv[5], "trace") == 0, (int)num(argv[6]));
  if (argc < 2 || argv[1][0] < '0' || argv[1][0] > '9') return 0; /* a copy the fuzz spawned */
  int rounds = argc > 2 ? (int)num(argv[2]) : 4, calls = argc > 3 ? (int)num(argv[3]) : 200;
  int trace = argc > 4 && strcmp(argv[4], "trace") == 0;
  return supervise(argv0, num(argv[1]), rounds, calls, trace);
}
