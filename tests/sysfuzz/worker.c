/* worker.c - one fuzzing process: CALLS random system calls from the generated table
 * (<kasane/sysfuzz_calls.h>) with generated arguments, plus the thread instructions: it TFORKs a
 * second context that makes calls of its own at the same time, suspends it (TSUSPEND in the
 * thread) and wakes it (TRESUME), and the thread waits on a monitored line (MONITOR/MWAIT) or
 * hands its work to a successor it TFORKs before it TEXITs (a chain of contexts). Some workers
 * end with their main thread leaving by TEXIT while the thread still makes calls: the process
 * must then end (status 0) when the thread's context does; others call exit while it runs.
 *
 * A call that may rightly end its caller (FZ_ENDS: exit, kill, rt_sigreturn...) is made in a child
 * process, `sysfuzz one SEED CALL`, which the worker waits for; the child draws the arguments from
 * SEED, so the call log shows its arguments too. A copy of this program spawned by the fuzz itself
 * gets arguments that name no mode and exits at once; the worker reaps it straight away, so no
 * child outlives the worker. Each worker leads a process group of its own: a kill of group 0
 * reaches the worker and its children, never the supervisor. */
#include <kasane/kasane_isa.h>
#include <kasane/syscall_nr.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sysfuzz.h"
#include "thread.h"

/* The arena, filled with what a kernel may take for a struct: small numbers, pointers back into
 * the arena (an iovec, a string vector), and noise. */
static uint8_t* arena_new(struct rng* r) {
  uint32_t len = (ARENA_PAGES + 1) * PAGE;
  uint8_t* a = mmap(0, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (a == MAP_FAILED) return 0;
  munmap(a + ARENA_PAGES * PAGE, PAGE);
  uint32_t* w = (uint32_t*)a;
  for (uint32_t i = 0; i < ARENA_PAGES * PAGE / 4; i++) {
    uint32_t k = rndn(r, 4);
    w[i] = k == 0 ? rndn(r, 64) : k == 1 ? (uint32_t)a + rndn(r, ARENA_PAGES * PAGE) : rnd(r);
  }
  return a;
}

void fz_init(struct fz* f, const char* who, const char* argv0, uint32_t seed, int trace) {
  memset(f, 0, sizeof *f);
  f->who = who;
  f->rng.s = seed ? seed : 1;
  f->argv0 = argv0;
  f->trace = trace;
  f->arena = arena_new(&f->rng);
  f->victim = mmap(0, VICTIM_PAGES * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
  if (!f->arena || f->victim == MAP_FAILED) {
    fprintf(stderr, "sysfuzz: %s: no memory for the arena\n", who);
    exit(3);
  }
}

static int returns_fd(const char* name) {
  static const char* const names[] = {"open", "openat", "creat", "dup", "dup2", "dup3", "fcntl",
                                      "fcntl64"};
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(name, names[i]) == 0) return 1;
  return 0;
}

/* Make call c with generated arguments, logged, and keep what later arguments can use. */
static void make_call(struct fz* f, const struct sysfuzz_call* c) {
  uint32_t a[6] = {0}, buf = 0;
  for (int i = 0; i < c->nargs; i++) a[i] = gen_arg(f, c->arg[i], &buf);
  /* munmap's length mostly stays within the victim region: a longer one unmaps the arena and
   * the stack above it, and the worker dies at its next call. Every length stays possible (1 in
   * 8), as for gen_addr's arena. */
  if (c->nr == SYS_munmap && a[1] > VICTIM_PAGES * PAGE && rndn(&f->rng, 8))
    a[1] = rndn(&f->rng, VICTIM_PAGES * PAGE);
  /* A FUTEX_WAIT without a timeout on a word that happens to hold the value would sleep for
   * ever, nobody being there to wake it: such a one gets a short timeout (gen_time's kind), a
   * 64-bit one for futex_time64 (seed 489 waited for ever in one). */
  if (c->nr == SYS_futex && (a[1] & ~128u) == 0 && a[3] == 0) {
    f->ts[0] = 0;
    f->ts[1] = 100000;
    a[3] = (uint32_t)f->ts;
  }
  if (c->nr == SYS_futex_time64 && (a[1] & ~128u) == 0 && a[3] == 0) {
    f->ts64[0] = 0;
    f->ts64[1] = 100000;
    a[3] = (uint32_t)f->ts64;
  }
  /* futex_time64's timeout is typed ptr (no generator makes a 64-bit timespec): one in the arena
   * is noise, often seconds to years, and a wait that long is one the program asked for, not a
   * hang (seed 20195 slept past sim.max_cycles). A wait gets the short one there too. */
  uint32_t cmd = a[1] & ~(128u | 256u); /* less FUTEX_PRIVATE_FLAG and FUTEX_CLOCK_REALTIME */
  if (c->nr == SYS_futex_time64 && (cmd == 0 || cmd == 9) && a[3] >= (uint32_t)f->arena &&
      a[3] < (uint32_t)f->arena + ARENA_PAGES * PAGE) {
    f->ts64[0] = 0;
    f->ts64[1] = 100000;
    a[3] = (uint32_t)f->ts64;
  }
  /* clone makes a thread only with exactly NPTL's flags, which random flags never are: half
   * the time it gets them (and a random choice of the optional ones), so the thread's start in
   * a child, on a random stack, and its end with that child are fuzzed too. */
  if (c->nr == SYS_clone && rndn(&f->rng, 2)) a[0] = 0x10f00 | (rnd(&f->rng) & 0x3c0000);
  log_call(f, c, a);
  long r = syscall(c->nr, a[0], a[1], a[2], a[3], a[4], a[5]);
  log_result(f, r);
  if (r >= 0 && returns_fd(c->name)) fz_note_fd(f, (int)r);
  if (r > 0 && c->nr == SYS_kasane_spawn) { /* reap it now: see the header */
    int st;
    f->lastchild = (int)r;
    log_event(f, "reaped spawned child", waitpid((int)r, &st, 0));
  }
}

/* A call that may end the caller, in a child that draws its arguments from a seed of ours. */
static void call_in_child(struct fz* f, int call) {
  char seed[16], index[16], who[24];
  snprintf(seed, sizeof seed, "%lu", (unsigned long)rnd(&f->rng));
  snprintf(index, sizeof index, "%d", call);
  snprintf(who, sizeof who, "%s.c", f->who);
  char boss[16];
  snprintf(boss, sizeof boss, "%d", f->boss);
  char* argv[] = {(char*)f->argv0, "one", seed, index, who, f->trace ? "trace" : "quiet", boss, 0};
  char* envp[] = {0};
  log_event(f, sysfuzz_calls[call].name, 0);
  int pid = kasane_spawn(f->argv0, argv, envp);
  if (pid < 0) {
    log_event(f, "spawn for a child failed", pid);
    return;
  }
  int st = 0;
  waitpid(pid, &st, 0);
  log_event(f, "child status", st);
}

static int pick_call(struct fz* f, int allow_ends) {
  for (;;) {
    int i = (int)rndn(&f->rng, SYSFUZZ_NCALLS);
    if (sysfuzz_calls[i].flags & FZ_SKIP) continue;
    if ((sysfuzz_calls[i].flags & FZ_ENDS) && !allow_ends) continue;
    return i;
  }
}

/* --- The TFORK thread: calls of its own, TSUSPEND, MWAIT and chains among them. A link of a
 * chain TFORKs its successor, which takes over the calls left, and TEXITs at once: the kernel's
 * parkall must stop such contexts however fast they replace each other. A link runs on one of
 * NLINK stacks, taken only once the link that used it before has TEXITed (its `done`, set after
 * its last use of the stack), so a successor never writes a stack still in use. */
#define NLINK 3
static struct fz tf;
static struct thread th[NLINK];
static uint64_t th_stack[NLINK][2048];
static volatile int th_cur;   /* the link that runs now (or ran last) */
static int th_active;
static volatile int th_alone; /* the main thread has left: nobody would TRESUME a TSUSPEND */

static int link_free(int i) { return th[i].fn == 0 || th[i].done; }
static int chain_done(void) { return th[th_cur].done; }
static void thread_body(void* arg);

/* TFORK the next link with `left` calls to make: its LTN, or 0 (no free context or stack).
 * th_cur moves first: the new link may TFORK a successor of its own before TFORK returns here. */
static long link_start(int left) {
  int prev = th_cur, next = (prev + 1) % NLINK;
  if (!link_free(next)) return 0;
  th[next].done = 0;
  th_cur = next;
  long ltn = thread_start(&th[next], thread_body, (void*)(uintptr_t)left, th_stack[next],
                          sizeof th_stack[next]);
  if (ltn == 0) {
    th[next].done = 1;
    th_cur = prev;
  }
  return ltn;
}

static void thread_body(void* arg) {
  int left = (int)(uintptr_t)arg;
  for (; left > 0; left--) {
    uint32_t op = rndn(&tf.rng, 16);
    if (op == 0) {
      if (th_alone) continue;
      log_event(&tf, "tsuspend", 0);
      kasane_tsuspend();
    } else if (op == 1) {
      volatile uint32_t* line = (volatile uint32_t*)(tf.arena + rndn(&tf.rng, 64) * 4);
      kasane_monitor((unsigned long)line);
      log_event(&tf, "mwait", kasane_mwait(1 + rndn(&tf.rng, 20000), rndn(&tf.rng, 2)));
    } else if (op == 2) {
      /* logged first: once the successor runs, it alone may touch tf */
      log_event(&tf, "tfork a successor, then texit", left - 1);
      if (link_start(left - 1)) return;
      log_event(&tf, "no successor: go on", 0);
    } else {
      make_call(&tf, &sysfuzz_calls[pick_call(&tf, 0)]);
    }
  }
}

static void thread_op(struct fz* f, char* who) {
  if (th_active && chain_done()) th_active = 0;
  if (th_active) {
    log_event(f, "tresume", kasane_tresume((unsigned long)th[th_cur].ltn));
    return;
  }
  if (!tf.arena) fz_init(&tf, who, f->argv0, rnd(&f->rng), f->trace);
  tf.boss = f->boss;
  tf.rng.s = mix(rnd(&f->rng), 1);
  long ltn = link_start(1 + (int)rndn(&f->rng, 40));
  log_event(f, "tfork", ltn);
  th_active = ltn != 0;
}

/* One step: call c of the table (one that may end the caller in a child), or a thread
 * operation (c < 0). */
static void do_step(struct fz* f, int c, char* twho) {
  if (c < 0)
    thread_op(f, twho);
  else if (sysfuzz_calls[c].flags & FZ_ENDS)
    call_in_child(f, c);
  else
    make_call(f, &sysfuzz_calls[c]);
}

int worker_main(const char* argv0, uint32_t seed, int index, int calls, int trace,
                const char* prog) {
  static char who[16], twho[16];
  static struct step steps[MAXSTEPS];
  snprintf(who, sizeof who, "w%d", index);
  snprintf(twho, sizeof twho, "w%d.t", index);
  int nsteps = prog ? read_program(prog, index, steps, MAXSTEPS) : 0;
  if (nsteps < 0) return 2;
  struct fz* f = malloc(sizeof *f);
  fz_init(f, who, argv0, seed, trace);
  f->boss = getppid();
  syscall(SYS_setpgid, 0, 0, 0, 0, 0, 0);
  if (prog) {
    /* Each step draws its arguments from its own seed, so a step deleted, inserted or changed
     * by scripts/sysfuzz.py's mutations leaves the others' arguments as they were. */
    for (int i = 0; i < nsteps; i++) {
      f->rng.s = steps[i].seed ? steps[i].seed : 1;
      do_step(f, steps[i].call, twho);
    }
  }
  for (int i = 0; i < calls && !prog; i++)
    do_step(f, rndn(&f->rng, 12) == 0 ? -1 : pick_call(f, 1), twho);
  int st;
  uint32_t end = rndn(&f->rng, 4);
  if (th_active && !chain_done() && end == 0) {
    /* exit while the thread (or a link of its chain) runs: the kernel stops it wherever it is */
    log_event(f, "exit with the thread running", 0);
    exit(0);
  }
  if (th_active && !chain_done() && end <= 2) {
    /* The main thread leaves first, with TEXIT, while the thread goes on making calls; its
     * TSUSPENDs stop (one already made is woken, or its token is left for it). The thread reaps
     * no children: reap them now, so the process leaves none behind. */
    th_alone = 1;
    log_event(f, "main thread texit; tresume", kasane_tresume((unsigned long)th[th_cur].ltn));
    while (waitpid(-1, &st, 0) > 0) {
    }
    kasane_texit();
  }
  /* Let the thread finish (waking it if it suspended itself), then reap every child. */
  while (th_active && !chain_done()) {
    kasane_tresume((unsigned long)th[th_cur].ltn);
    sched_yield();
  }
  while (waitpid(-1, &st, 0) > 0) {
  }
  return 0;
}

/* `sysfuzz one SEED CALL WHO`: the child of call_in_child. */
int one_main(const char* argv0, uint32_t seed, int call, const char* who, int trace, int boss) {
  static struct fz f;
  if (call < 0 || call >= (int)SYSFUZZ_NCALLS) return 2;
  fz_init(&f, who, argv0, seed, trace);
  f.boss = boss;
  make_call(&f, &sysfuzz_calls[call]);
  return 0;
}
