/* process-using-all-contexts-is-preempted-with-registers-intact - two processes (this program
 * and a child spawned from it) each put a thread on every context they may have: the main thread
 * on context 0 and, with TFORK, one on each context of kasane_contexts(). Every thread runs
 * regloop (regloop.h: all of $1-$25, $gp, $fp, $ra, hi and lo hold values it checks on every
 * iteration) for WINDOW cycles, far more than a time slice (TIMESLICE, 1,000,000 cycles), so the
 * kernel must stop every context of one process and restart the other's many times. Passes if no
 * thread ever finds a register wrong, every thread saw at least MIN_GAPS pauses of more than GAP
 * cycles between two chunks of its loop (it was switched out), and both processes finish.
 * Prints each process's iterations and pauses.
 * Expect: status 0 */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "regloop.h"
#include "thread.h"

#define WINDOW 12000000u /* cycles each process keeps looping, from its start */
#define CHUNK 50u        /* iterations per regloop call (a few tens of thousands of cycles) */
#define GAP 500000u      /* a chunk that took longer than this was switched out */
#define MIN_GAPS 3       /* pauses each thread must see */
#define MAXTHREADS 16
#define STACK 4096

struct worker {
  uint32_t first;              /* regloop value base: unique per thread and process */
  uint32_t start;              /* cycle the process started its window */
  volatile uint32_t iterations;
  volatile uint32_t gaps;
  volatile uint32_t bad;       /* the register regloop found wrong, 0 if none */
  volatile uint32_t reached;   /* the iteration it was in */
  struct thread t;
};

static struct worker workers[MAXTHREADS];
static char stacks[MAXTHREADS][STACK] __attribute__((aligned(8)));

static void work(void* arg) {
  struct worker* w = arg;
  uint32_t i = w->first, last = cycles();
  while (cycles() - w->start < WINDOW) {
    uint32_t reached;
    int r = regloop(i, i + CHUNK, &reached);
    if (r) {
      w->bad = r;
      w->reached = reached;
      return;
    }
    i += CHUNK;
    w->iterations += CHUNK;
    uint32_t now = cycles();
    if (now - last > GAP) w->gaps++;
    last = now;
  }
}

/* Run the loop on every context this process may have; 0 if every thread was fine. */
static int run(const char* who, uint32_t base) {
  unsigned long mask = kasane_contexts();
  int want = context_count(mask) + 1, n = 1;
  uint32_t start = cycles();
  for (int k = 0; k < want && k < MAXTHREADS; k++) {
    workers[k].first = base + ((uint32_t)k << 24);
    workers[k].start = start;
  }
  while (n < want && n < MAXTHREADS &&
         thread_start(&workers[n].t, work, &workers[n], stacks[n], STACK) != 0)
    n++;
  work(&workers[0]);
  for (int k = 1; k < n; k++)
    while (!workers[k].t.done) {
    }
  int failures = 0;
  uint32_t total = 0, mingaps = ~0u;
  for (int k = 0; k < n; k++) {
    struct worker* w = &workers[k];
    total += w->iterations;
    if (w->gaps < mingaps) mingaps = w->gaps;
    if (w->bad) {
      printf("%s thread %d: register %u wrong in iteration %u  FAIL\n", who, k, w->bad,
             w->reached - w->first);
      failures++;
    }
  }
  printf("%s: %d threads (of %d contexts), %u iterations, at least %u pauses per thread\n", who,
         n, want, total, mingaps);
  if (n != want) printf("%s: only %d threads started  FAIL\n", who, n), failures++;
  if (mingaps < MIN_GAPS) printf("%s: fewer than %d pauses  FAIL\n", who, MIN_GAPS), failures++;
  fflush(stdout);
  return failures;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return run("child", 0x08000000u) ? 1 : 0;

  pid_t pid = spawn_self(argv[0], "child", 0);
  CHECK(pid > 0);
  CHECK_INT(run("parent", 0), 0);
  int status = -1;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 0);
  return check_done();
}
