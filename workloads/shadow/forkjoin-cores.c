/* forkjoin-cores - experiment E5 through the runtime, under the Kasane kernel: the null
 * fork-join of a Shadow thread whose sibling is on the forker's core (an SMT sibling, TFORK)
 * against one on another core (kasane_ctx_start), for one wait policy.
 *
 *     forkjoin-cores [-n FORKJOINS] spin|mwait
 *
 * The main thread stays where the kernel started it (core X). For Y = X and then for every
 * other core Y it creates a shadow with one sibling on Y (shadow_create_on), warms it up with
 * 16 untimed null fork-joins, times FORKJOINS (default 200) of them with the cycle counter and
 * destroys the shadow. Both sides wait with the policy (the fork's sibling for work, main in
 * join), as in workloads/bare/forkjoin-cores.c, which measures the same handshake bare metal.
 *
 * Reported to stats.json (cycles per fork-join x10, rounded, as the bare-metal program's names
 * so that one experiment reads both): e5.X.Y for each cell, e5.same (the cell Y = X) and e5.cross
 * (the mean over the cells Y != X; 0 on a machine of one core). Exit status 0 once every cell
 * is measured on the sibling it asked for; 1 if a shadow could not start its sibling (its forks
 * would have run inline) or a job ran on the wrong core. */
#include <kasane/syscalls.h>
#include <shadow.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARMUP 16

static volatile unsigned ran_on; /* the CPU number the last job read */

static void null_job(void* arg) {
  (void)arg;
  unsigned cpu;
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  ran_on = cpu;
}

static unsigned this_cpu(void) {
  unsigned cpu;
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  return cpu;
}

/* Cycles per fork-join x10 with the sibling on core y, or 0 if it did not run there. */
static unsigned long cell(int y, int same, int policy, unsigned long n, unsigned per_core) {
  struct shadow s;
  if (shadow_create_on(&s, same ? SHADOW_SAME_CORE : y, 1, policy, 0) != 1) return 0;
  for (int i = 0; i < WARMUP; i++) {
    shadow_fork(&s, null_job, 0);
    shadow_join(&s);
  }
  unsigned long t0 = shadow_cycles();
  for (unsigned long i = 0; i < n; i++) {
    shadow_fork(&s, null_job, 0);
    shadow_join(&s);
  }
  unsigned long t = shadow_cycles() - t0;
  shadow_destroy(&s);
  if (ran_on / per_core != (unsigned)y) return 0;
  return (10 * (unsigned long long)t + n / 2) / n;
}

int main(int argc, char** argv) {
  unsigned long n = 200;
  int policy = -1;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
      n = strtoul(argv[++i], 0, 0);
    else if (strcmp(argv[i], "spin") == 0)
      policy = SHADOW_SPIN;
    else if (strcmp(argv[i], "mwait") == 0)
      policy = SHADOW_MWAIT;
  }
  if (policy < 0 || n == 0) {
    printf("usage: forkjoin-cores [-n FORKJOINS] spin|mwait\n");
    return 2;
  }
  unsigned long mask = kasane_contexts(), none;
  const unsigned per_core = 32 - __builtin_clz(mask);
  const int cores = kasane_ctx_map(&none, 0), x = (int)(this_cpu() / per_core);
  unsigned long same = 0, cross = 0;
  for (int k = 0; k < cores; k++) {
    int y = (x + k) % cores; /* this core first, then the others */
    unsigned long v = cell(y, k == 0, policy, n, per_core);
    if (!v) {
      printf("forkjoin-cores: no sibling on core %d\n", y);
      return 1;
    }
    char name[32];
    snprintf(name, sizeof name, "e5.%d.%d", x, y);
    kasane_report(name, v);
    printf("core %d -> core %d: %lu.%lu cycles per fork-join\n", x, y, v / 10, v % 10);
    if (k == 0)
      same = v;
    else
      cross += v;
  }
  if (cores > 1) cross = (cross + (cores - 1) / 2) / (cores - 1);
  kasane_report("e5.same", same);
  kasane_report("e5.cross", cross);
  printf("forkjoin-cores: %d cells measured\n", cores);
  return 0;
}
