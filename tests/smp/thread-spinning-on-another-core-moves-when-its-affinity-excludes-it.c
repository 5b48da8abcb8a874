/* thread-spinning-on-another-core-moves-when-its-affinity-excludes-it - sched_setaffinity on the
 * tid of a clone thread that runs user code on another core right now takes the thread off that
 * core at once: the kernel raises the IPI of the thread's context (balance.c,
 * balance_setaffinity), the context traps, gives the thread up on its way back to user mode
 * (uthread_must_yield) and queues it on a core the new mask allows, whose anchor is kicked to run
 * it. The main thread pins one spinner per context of the last core to that core; they never make
 * a system call or sleep, and with none of the process's threads waiting there no slice end
 * preempts them, so a spinner on a context other than the core's anchor (which alone takes timer
 * interrupts) leaves its context only through that IPI. The main thread, on another core, gives
 * such a spinner a mask of one other core, and the spinner must be seen running there (RDHWR $0)
 * within BOUND cycles, far less than a time slice. Runs on 2 and 4 cores (tests/CMakeLists.txt).
 * In context mode (os.smt_sched) a bit of the mask is a CPU: "a mask of core c" is then every
 * CPU of core c.
 * Expect: status 0 */
#include "check.h"
#include "kthread.h"
#include "smp.h"

#define MAXSPIN 8
#define BOUND 200000u /* cycles from the call to the spinner's first sight of its new core */
#define SETTLE 20000000u /* cycles for the spinners to reach the last core */

static char stacks[MAXSPIN][2048] __attribute__((aligned(8)));
static volatile int ctid[MAXSPIN];
static long tids[MAXSPIN];
static volatile int gate, stop;
static volatile int cpu_of[MAXSPIN]; /* the CPU each spinner last saw itself on, -1 before */

static void spinner(void* arg) {
  int i = (int)(long)arg;
  while (gate == 0) kfutex(&gate, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, 0);
  while (!stop) cpu_of[i] = this_cpu();
}

/* The affinity mask of every context of core c: one bit, or in context mode one per CPU. */
static unsigned long core_mask(int c) {
  int n = core_contexts();
  return smt_context() ? ((1ul << n) - 1) << (c * n) : 1ul << c;
}

/* Whether every spinner has been seen on core c. */
static int all_on(int n, int c) {
  for (int i = 0; i < n; i++)
    if (cpu_of[i] < 0 || cpu_of[i] / core_contexts() != c) return 0;
  return 1;
}

int main(void) {
  unsigned long none, m;
  int cores = kasane_ctx_map(&none, 0), last = cores - 1, n = core_contexts();
  CHECK(cores >= 2);
  CHECK(n >= 2 && n <= MAXSPIN); /* a context besides the anchor for the spinner */
  m = core_mask(last);
  for (int i = 0; i < n; i++) {
    ctid[i] = -1;
    cpu_of[i] = -1;
    long tid = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                      (int*)&ctid[i], spinner, (void*)(long)i);
    CHECK(tid > 0);
    tids[i] = tid;
    CHECK_INT(ksys(SYS_sched_setaffinity, tid, sizeof m, (long)&m, 0), 0);
  }
  gate = 1;
  kfutex(&gate, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, n, 0);
  uint32_t t0 = cycles();
  while (!all_on(n, last) && cycles() - t0 < SETTLE) compute(100);
  CHECK(all_on(n, last));

  /* The spinner to move: one on a context that is not the core's anchor. */
  int s = 0;
  while (s < n - 1 && cpu_of[s] % n == 0) s++;
  int from = cpu_of[s], me = this_core();
  CHECK(from % n != 0);
  CHECK(me != last); /* the call comes from another core: the IPI path, not TINTR */
  /* Its new core: the lowest that is neither its own nor this one, else this one (2 cores). */
  int to = 0;
  while (to < cores && (to == last || to == me)) to++;
  if (to == cores) to = me;
  m = core_mask(to);
  uint32_t t1 = cycles();
  CHECK_INT(ksys(SYS_sched_setaffinity, tids[s], sizeof m, (long)&m, 0), 0);
  while (cpu_of[s] / n != to && cycles() - t1 < BOUND) {
  }
  uint32_t took = cycles() - t1;
  int moved = cpu_of[s] / n == to;
  stop = 1;
  for (int i = 0; i < n; i++) kjoin(&ctid[i]);
  CHECK(moved);
  CHECK(took < BOUND);
  return check_done();
}
