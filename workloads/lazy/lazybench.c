/* lazybench - the two benchmarks of seed 004, chapter 4, on the lazy-threads runtime
 * (experiment E8).
 *
 *     lazybench [-p per-thread|lazy|fair] [-b BLOCK_BYTES] [-w WORKERS] [-m DIM] [-t] fib N
 *     lazybench [...] chain DEPTH [ARRAY_BYTES]
 *
 * fib N (Listing 4.1): fibo(n) spawns fibo(n-1), calls fibo(n-2), syncs, and adds the two
 * 64x64 double matrices its children returned into its own; both result matrices live in its
 * stack frame (64 KiB), so every inner fibo is called through lazy_call with that need. A leaf
 * (n < 2) fills its parent's matrix with n in a function of its own, whose frame is small: were
 * it the inner node's function, its 64 KiB frame would lie below a stated need of a few bytes.
 * Every element of the root's matrix is fib(N): checked. -m DIM (1..64) adds and checks only the
 * first DIM x DIM elements, for quick tests; the frame stays 64 KiB, so the stacks are the same.
 *
 * chain DEPTH (Listing 4.2): parent(count) zeroes ARRAY_BYTES (default 8192, the paper's) of
 * its frame, spawns a child that waits until its flag drops, drops the previous child's flag,
 * syncs that child and recurses with count - 1; DEPTH levels. The recursion goes through
 * lazy_call, the children wait with lazy_wait_while (so one worker can run it too).
 *
 * Defaults: -p lazy, -b 8192, -w 2. Prints the result and the runtime's counts, and reports
 * them (lazy.peak_bytes, lazy.steals, ...; lazybench.cycles = cycles of the lazy_run,
 * lazybench.result; lazy.oom = 1 and lazybench.cycles = 0 if the arena was used up, which
 * ends the run with status 0). -t prints the stack-memory timeline as "timeline,CYCLES,BYTES"
 * lines (scripts/plot_lazy_timeline.py draws them). */
#include <kasane/syscalls.h>
#include <lazy.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIM 64
#define FIB_NEED (2 * DIM * DIM * sizeof(double) + 4096) /* two matrices and the rest */

static int fib_elems = DIM * DIM; /* elements added per node: -m DIM gives DIM * DIM */

struct fib_arg {
  int n;
  double* out; /* DIM * DIM */
};

static void fib_task(void* p);

/* fibo(n) for n >= 2, with the two 64 KiB of matrices in its frame. */
static void fib_body(void* p) {
  struct fib_arg* a = p;
  double ret1[DIM * DIM], ret2[DIM * DIM];
  struct fib_arg c1 = {a->n - 1, ret1}, c2 = {a->n - 2, ret2};
  lazy_handle h = lazy_spawn(fib_task, &c1);
  fib_task(&c2);
  lazy_sync(h);
  for (int i = 0; i < fib_elems; i++) a->out[i] = ret1[i] + ret2[i];
}

static void fib_task(void* p) {
  struct fib_arg* a = p;
  if (a->n < 2) { /* a leaf: this frame is small, within LAZY_SLACK */
    for (int i = 0; i < fib_elems; i++) a->out[i] = a->n;
    return;
  }
  lazy_call(fib_body, a, FIB_NEED);
}

struct chain_arg {
  int count;
  lazy_handle prev_child;
  volatile int* prev_wait;
};

static unsigned long array_bytes = 8192;
static volatile unsigned long chain_sink;

static void chain_child(void* p) { lazy_wait_while((volatile int*)p); }

static void chain_parent(void* p) {
  struct chain_arg* a = p;
  char* array = __builtin_alloca(array_bytes); /* the paper's work area in the frame */
  memset(array, 0, array_bytes);
  chain_sink += (unsigned long)array[array_bytes - 1];
  if (a->count == 0) {
    *a->prev_wait = 0;
    lazy_sync(a->prev_child);
    return;
  }
  volatile int child_wait = 1;
  lazy_handle child = lazy_spawn(chain_child, (void*)&child_wait);
  *a->prev_wait = 0;
  lazy_sync(a->prev_child);
  struct chain_arg next = {a->count - 1, child, &child_wait};
  lazy_call(chain_parent, &next, array_bytes + 1024);
}

static int chain_depth;

static void chain_start(void* p) {
  (void)p;
  volatile int child_wait = 1;
  lazy_handle child = lazy_spawn(chain_child, (void*)&child_wait);
  struct chain_arg a = {chain_depth, child, &child_wait};
  lazy_call(chain_parent, &a, array_bytes + 1024);
}

static double fib_out[DIM * DIM];
static struct fib_arg fib_root;

static void fib_start(void* p) {
  (void)p;
  fib_task(&fib_root);
}

static unsigned long fib_ref(int n) {
  return n < 2 ? (unsigned long)n : fib_ref(n - 1) + fib_ref(n - 2);
}

static unsigned long cycles(void) {
  unsigned long c;
  __asm__ volatile("rdhwr %0, $2" : "=r"(c));
  return c;
}

static int usage(void) {
  fprintf(stderr, "usage: lazybench [-p per-thread|lazy|fair] [-b BLOCK] [-w WORKERS] [-m DIM] "
                  "[-t] fib N | chain DEPTH [ARRAY_BYTES]\n");
  return 2;
}

int main(int argc, char** argv) {
  /* oom_status 0: a run that uses up the arena (1.5 GB of address space) ends normally with
   * lazy.oom = 1 and its counts so far, so that a sweep shows where a policy stops. */
  struct lazy_config cfg = {LAZY_LAZY, 8192, 2, 0, 0};
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "-t")) {
      cfg.timeline = 1;
    } else if (i + 1 < argc && !strcmp(argv[i], "-p")) {
      cfg.policy = lazy_policy_by_name(argv[++i]);
      if (cfg.policy < 0) return usage();
    } else if (i + 1 < argc && !strcmp(argv[i], "-b")) {
      cfg.block_size = strtoul(argv[++i], 0, 0);
    } else if (i + 1 < argc && !strcmp(argv[i], "-w")) {
      cfg.workers = atoi(argv[++i]);
    } else if (i + 1 < argc && !strcmp(argv[i], "-m")) {
      int dim = atoi(argv[++i]);
      if (dim < 1 || dim > DIM) return usage();
      fib_elems = dim * dim;
    } else {
      return usage();
    }
  }
  if (i + 2 > argc) return usage();
  int fib = !strcmp(argv[i], "fib");
  if (!fib && strcmp(argv[i], "chain")) return usage();
  int n = atoi(argv[i + 1]);
  if (!fib && i + 2 < argc) array_bytes = strtoul(argv[i + 2], 0, 0);
  if (n < 0 || n > (fib ? 30 : 1000000) || array_bytes < 16) return usage();

  kasane_report("lazy.oom", 0); /* 1 if the run ends in __lazy_oom */
  kasane_report("lazybench.cycles", 0);
  unsigned long result, t0 = cycles();
  int r;
  if (fib) {
    fib_root.n = n;
    fib_root.out = fib_out;
    r = lazy_run(fib_start, 0, &cfg);
    result = (unsigned long)fib_out[0];
  } else {
    chain_depth = n;
    r = lazy_run(chain_start, 0, &cfg);
    result = (unsigned long)n;
  }
  unsigned long t = cycles() - t0;
  if (r < 0) {
    fprintf(stderr, "lazy_run failed\n");
    return 1;
  }
  int ok = 1;
  if (fib) {
    unsigned long want = fib_ref(n);
    for (int k = 0; k < fib_elems; k++) ok &= fib_out[k] == (double)want;
  }
  struct lazy_stats s;
  lazy_get_stats(&s);
  printf("%s %d: result %lu%s, %lu cycles, %lu workers\n", fib ? "fib" : "chain", n, result,
         ok ? "" : " WRONG", t, s.workers);
  printf("peak %llu bytes, blocks %lu (freed %lu), pool hits %lu, steals %lu, spawns %lu, "
         "quick resumes %lu, links %lu\n",
         s.peak_bytes, s.blocks_allocated, s.blocks_freed, s.pool_hits, s.steals, s.spawns,
         s.quick_resumes, s.links);
  kasane_report("lazybench.cycles", t);
  kasane_report("lazybench.result", result);
  lazy_report();
  if (cfg.timeline) lazy_print_timeline();
  return ok ? 0 : 1;
}
