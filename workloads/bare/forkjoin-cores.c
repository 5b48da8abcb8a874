/* forkjoin-cores: experiment E5 (seed 000, figs. 5 and 6). The null fork-join of Shadow threads
 * between a main thread bound to core X and its shadow bound to core Y, for every pair of cores
 * (X = Y: the shadow is the main thread's SMT sibling on that core), with one of the paper's two
 * wait policies, chosen when building: forkjoin-cores-spin.elf (spin-wait) and
 * forkjoin-cores-mwait.elf (monitor/mwait; -DPOLICY_MWAIT).
 *
 * It runs bare-metal, as kasane-sim's "kernel" on every context of every core at once
 * (core.smp_start), so the pair sits exactly where the cell says and nothing else runs: the
 * binding the paper's program asks Linux for. The fork and the join are the Shadow thread
 * library's own handshake (runtime/src/ctx/ctx_flag.h: a sequence number alone on a 64-byte
 * line, posted with a release, waited for with a spin or MONITOR/recheck/MWAIT), with a null job
 * called through a pointer as shadow_fork does.
 *
 * CPU 0 runs the cells one after the other: for each (X, Y) it posts the cell on a control
 * line, the two CPUs it names do WARMUP untimed and then FORKJOINS timed fork-joins, the main
 * one reports the cycles per fork-join (x10, rounded) as e5.X.Y in stats.json and says it is
 * done. Every other CPU sleeps in MWAIT on the control line meanwhile: it issues nothing and
 * disturbs no cache. At the end CPU 0 reports the means over the cells: e5.same (X = Y) and
 * e5.cross (X != Y). The main thread of a cell is context 0 of core X; the shadow is
 * context 1 of X if Y = X, else context 0 of Y. Exit status 0 once every cell is measured. */
#include "bare.h"
#include "ctx_flag.h"

#ifndef FORKJOINS
#define FORKJOINS 200 /* timed fork-joins per cell */
#endif
#define WARMUP 16       /* untimed ones first: the lines move to their steady state */

/* The control line: cell.seq = the cell CPU 0 asks for, k = 1..cells, then cells + 1: quit.
 * Every CPU decodes a cell's pair from k itself (cell_of), so the line carries nothing else and
 * a CPU that wakes late never reads a half-written cell. */
static struct ctx_flag cell;
static struct ctx_flag cell_done;  /* seq = the cell whose main thread, not CPU 0, finished */
static struct ctx_flag work, done; /* the fork-join's two flags */
static void (*volatile job)(void); /* what the shadow calls: the null thread */
static volatile uint32_t cell_x10[KASANE_MAX_CONTEXTS * KASANE_MAX_CONTEXTS]; /* by k - 1 */

struct cellinfo {
  uint32_t main, shadow; /* CPU numbers */
};

/* Cell k (1-based): X major, Y minor. */
static struct cellinfo cell_of(uint32_t k, uint32_t cores, uint32_t per_core) {
  const uint32_t x = (k - 1) / cores, y = (k - 1) % cores;
  struct cellinfo c = {x * per_core, y == x ? x * per_core + 1 : y * per_core};
  return c;
}

static void null_job(void) {}

static inline uint32_t cycles(void) {
  return *BARE_IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_CYCLE_LO);
}

/* name = value for stats.json "reports", through the sim-control device (as os/simctl.c). */
static void report(const char* name, uint32_t value) {
  uint32_t len = 0;
  while (name[len]) len++;
  for (uint32_t i = 0; i < KASANE_SIMCTL_REPORT_NAME_MAX; i += 4) {
    uint32_t w = 0;
    for (uint32_t b = 0; b < 4 && i + b < len; b++) w |= (uint32_t)(uint8_t)name[i + b] << (8 * b);
    *BARE_IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_REPORT_NAME + i) = w;
  }
  *BARE_IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_REPORT_LO) = value;
  *BARE_IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_REPORT_HI) = 0;
  *BARE_IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_REPORT) = len;
}

/* Wait with the policy until f->seq != old; the new seq. Both sides of a cell wait this way, as
 * a shadow's fork and join do (shadow_impl.h: __shadow_wait). */
static inline uint32_t wait_flag(struct ctx_flag* f, uint32_t old) {
  uint32_t seq;
#ifdef POLICY_MWAIT
  seq = __ctx_wait_mwait(f, old);
#else
  while ((seq = f->seq) == old) {
  }
#endif
  __ctx_wait_acquire();
  return seq;
}

/* The main thread's side: n fork-joins of the null job; the cycles they took. */
static uint32_t forkjoins(uint32_t n, uint32_t* seq) {
  uint32_t start = cycles();
  for (uint32_t i = 0; i < n; i++) {
    job = null_job;
    __ctx_post(&work, ++*seq);
    wait_flag(&done, *seq - 1);
  }
  return cycles() - start;
}

/* The shadow's side: take n jobs, run each, post it done. */
static void shadow(uint32_t n, uint32_t* seq) {
  for (uint32_t i = 0; i < n; i++) {
    *seq = wait_flag(&work, *seq);
    job();
    __ctx_post(&done, *seq);
  }
}

static char* put_num(char* p, uint32_t v) {
  char buf[12];
  int i = 0;
  do buf[i++] = (char)('0' + v % 10); while ((v /= 10) != 0);
  while (i) *p++ = buf[--i];
  return p;
}

/* Run cell k if this CPU is in it. Each cell posts the work flag WARMUP + FORKJOINS times, so
 * both sides know where its seq starts without telling each other. */
static void take_part(uint32_t cpu, uint32_t k, uint32_t cores, uint32_t per_core) {
  const struct cellinfo c = cell_of(k, cores, per_core);
  uint32_t seq = (k - 1) * (WARMUP + FORKJOINS);
  if (cpu == c.shadow) {
    shadow(WARMUP + FORKJOINS, &seq);
    return;
  }
  if (cpu != c.main) return;
  forkjoins(WARMUP, &seq);
  const uint32_t t = forkjoins(FORKJOINS, &seq);
  char name[32] = "e5.";
  char* p = put_num(name + 3, c.main / per_core);
  *p++ = '.';
  p = put_num(p, c.shadow / per_core);
  *p = 0;
  cell_x10[k - 1] = (10 * t + FORKJOINS / 2) / FORKJOINS; /* cycles per fork-join, x10 */
  report(name, cell_x10[k - 1]);
}

static volatile uint32_t ltn_of[KASANE_MAX_CONTEXTS]; /* each CPU's LTN, for contexts_per_core */
static volatile uint32_t arrived;

/* Contexts per core, at run time (the generated KASANE_CONTEXTS is the build's default machine,
 * not the one running): CPU numbers go core by core, so core 1 starts at the first CPU after 0
 * whose LTN is 1 again. */
static uint32_t contexts_per_core(uint32_t cpu, uint32_t cpus) {
  ltn_of[cpu] = (uint32_t)kasane_tid();
  barrier(&arrived, cpus);
  for (uint32_t c = 1; c < cpus; c++)
    if (ltn_of[c] == 1) return c;
  return cpus;
}

int main(uint32_t cpu, uint32_t cpus) {
  const uint32_t per_core = contexts_per_core(cpu, cpus), cores = cpus / per_core,
                 cells = cores * cores;
  if (cpu != 0) {
    uint32_t k = 0;
    for (;;) {
      k = __ctx_wait_mwait(&cell, k);
      __ctx_wait_acquire();
      if (k > cells) return 0;
      take_part(cpu, k, cores, per_core);
      if (cpu == cell_of(k, cores, per_core).main) __ctx_post(&cell_done, k);
    }
  }
  if (per_core < 2) {
    bare_puts("forkjoin-cores: needs 2 contexts per core\n");
    return 1;
  }
  for (uint32_t k = 1; k <= cells; k++) {
    __ctx_post(&cell, k);
    take_part(0, k, cores, per_core);
    if (cell_of(k, cores, per_core).main == 0) continue;
    uint32_t d;
    while ((d = cell_done.seq) != k) __ctx_wait_mwait(&cell_done, d);
    __ctx_wait_acquire();
  }
  __ctx_post(&cell, cells + 1);
  uint32_t same = 0, cross = 0;
  for (uint32_t k = 1; k <= cells; k++) {
    if ((k - 1) / cores == (k - 1) % cores)
      same += cell_x10[k - 1];
    else
      cross += cell_x10[k - 1];
  }
  report("e5.same", (same + cores / 2) / cores);
  if (cores > 1) report("e5.cross", (cross + (cells - cores) / 2) / (cells - cores));
  bare_puts("forkjoin-cores: ");
  bare_putu(cells);
  bare_puts(" cells measured\n");
  return 0;
}
