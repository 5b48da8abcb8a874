/* threadctl - the cycles of thread control (E1, seed 002's table): create, exit, a contended mutex
 * hand-off, a mutex workload, and a kernel notification, for whichever thread backend this
 * program is linked with (threadctl-hw, threadctl-conventional). POSIX threads only, plus the cycle
 * counter (<kasane/cycles.h>), region-of-interest markers and kasane_report, so stats.json has
 * the same counts.
 *
 *   threadctl-BACKEND [ROUNDS]          create, exit, mutex rows (on a machine with contexts to spare)
 *   threadctl-BACKEND ROUNDS FILE       the notification row alone (with one context)
 *
 * What each row measures (the mean over ROUNDS, cycles of the core clock):
 *   create  one pthread_create() call, with a free context for the new thread; the thread exits
 *           at once and is joined outside the measurement. A create and join before the first
 *           row leave the library's one-time start-up (the first pthread_create) out of it.
 *   exit    from a thread's call of pthread_exit() to the return of pthread_join() in the
 *           thread that waits for it (blocked in join before the exit starts).
 *   mutex   a contended hand-off: from pthread_mutex_unlock() by the holder to the return of
 *           pthread_mutex_lock() in a thread blocked on it.
 *   mutex workload  4 threads each taking and releasing one mutex 250 times around a counter:
 *           cycles from the first create to the last join (the paper's "mutex workload").
 *   notification  (with FILE, on a disk; one context, core.contexts=1, so that a second, ready
 *           thread waits in the ready queue) the cost of the kernel notification: from the
 *           kernel's decision that main's read() must wait for the disk (the stamp notify_block
 *           leaves in kasane_notify_stats.last_blocked_cycle, before it parks the call) to
 *           the first instructions of the ready thread on the same context (its first reading
 *           of the counter, kasane_cycles(), the same 32-bit counter). In between: parking
 *           the call, the BLOCKED upcall (hw; the kernel writes the registers into the ThMB when
 *           the call ends) or the SIGIO frame, registers and all (conventional), the runtime's
 *           handler and its switch. Only rounds that raised exactly one BLOCKED count
 *           (reported as notification_rounds).
 *   notification_read  the same rounds from just before the read() to that first instruction:
 *           the above plus kernel entry, the file system and the disk request.
 *           Each round reads a new block, so every read misses the buffer cache.
 * Region of interest i (0..4) covers row i. Each row's figure also goes to stats.json "reports"
 * (kasane_report) as create, exit, mutex_handoff, mutex_workload, or notification and
 * notification_read. */
#include <fcntl.h>
#include <kasane/cycles.h>
#include <kasane/notify.h>
#include <kasane/syscalls.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define BLOCK 4096 /* the file system's block: one read per block misses the cache once */

static volatile unsigned long stamp;   /* a cycle count one thread leaves for another */
static volatile int go, started;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void* nothing(void* arg) { return arg; }

static unsigned long row_create(int rounds) {
  unsigned long total = 0;
  for (int i = 0; i < rounds; i++) {
    pthread_t t;
    unsigned long t0 = kasane_cycles();
    pthread_create(&t, 0, nothing, 0);
    total += kasane_cycles() - t0;
    pthread_join(t, 0);
  }
  return total / rounds;
}

/* Waits until main is in pthread_join (a while after `go`), then exits. */
static void* exiter(void* arg) {
  while (!go) {
  }
  for (volatile int d = 0; d < 300; d++) {
  }
  stamp = kasane_cycles();
  pthread_exit(arg);
}

static unsigned long row_exit(int rounds) {
  unsigned long total = 0;
  for (int i = 0; i < rounds; i++) {
    pthread_t t;
    go = 0;
    pthread_create(&t, 0, exiter, 0);
    go = 1;
    pthread_join(t, 0);
    total += kasane_cycles() - stamp;
  }
  return total / rounds;
}

/* Blocks on m, which main holds; stamps how long the hand-off took. */
static void* waiter(void* arg) {
  unsigned long* out = arg;
  started = 1;
  pthread_mutex_lock(&m);
  *out = kasane_cycles() - stamp;
  pthread_mutex_unlock(&m);
  return 0;
}

static unsigned long row_mutex(int rounds) {
  unsigned long total = 0;
  for (int i = 0; i < rounds; i++) {
    pthread_t t;
    unsigned long took = 0;
    started = 0;
    pthread_mutex_lock(&m);
    pthread_create(&t, 0, waiter, &took);
    while (!started) sched_yield();
    for (volatile int d = 0; d < 2000; d++) { /* the waiter blocks in lock meanwhile */
    }
    stamp = kasane_cycles();
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    total += took;
  }
  return total / rounds;
}

static void* adder(void* arg) {
  for (int i = 0; i < 250; i++) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
  }
  return arg;
}

static unsigned long row_workload(void) {
  pthread_t t[4];
  unsigned long t0 = kasane_cycles();
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, adder, 0);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  unsigned long took = kasane_cycles() - t0;
  if (counter != 1000) {
    fprintf(stderr, "threadctl: counter %ld, want 1000\n", counter);
    exit(1);
  }
  return took;
}

static volatile unsigned long first_run;

/* The thread that runs while main's read waits for the disk. */
static void* bystander(void* arg) {
  while (go) {
    if (!first_run) first_run = kasane_cycles();
  }
  return arg;
}

/* The notification row: out[0] from the kernel's BLOCKED decision, out[1] from the read(),
 * out[2] the rounds that counted. */
static void row_notify(int rounds, const char* path, unsigned long out[3]) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    fprintf(stderr, "threadctl: cannot open %s\n", path);
    exit(1);
  }
  static char buf[BLOCK];
  unsigned long from_block = 0, from_read = 0;
  int n = 0;
  struct kasane_notify_stats s0, s1;
  for (int i = 0; i < rounds; i++) {
    pthread_t t;
    go = 1;
    first_run = 0;
    pthread_create(&t, 0, bystander, 0); /* ready, waiting for a context */
    kasane_notify_stats(&s0);
    unsigned long t0 = kasane_cycles();
    if (read(fd, buf, BLOCK) != BLOCK) break;
    go = 0;
    pthread_join(t, 0);
    kasane_notify_stats(&s1);
    /* 32-bit differences: every stamp is the low word of the same counter. The kernel's stamp
     * must fall between the read's start and the other thread's first instruction. */
    uint32_t took = first_run - t0, after_block = first_run - s1.last_blocked_cycle;
    if (first_run && s1.blocked - s0.blocked == 1 && after_block <= took) {
      from_block += after_block;
      from_read += took;
      n++;
    }
  }
  close(fd);
  out[0] = n ? from_block / n : 0;
  out[1] = n ? from_read / n : 0;
  out[2] = n;
}

int main(int argc, char** argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 32;
  if (rounds < 1) rounds = 1;
  printf("| operation | cycles |\n|---|---:|\n");
  if (argc > 2) {
    kasane_roi(1, 4);
    unsigned long n[3];
    row_notify(rounds, argv[2], n);
    kasane_roi(0, 4);
    printf("| notification from the OS | %lu |\n| read() to the other thread | %lu |\n", n[0],
           n[1]);
    kasane_report("notification", n[0]);
    kasane_report("notification_read", n[1]);
    kasane_report("notification_rounds", n[2]);
    return 0;
  }
  unsigned long r[4];
  pthread_t warm; /* the library's one-time start-up comes with the first create: not a row */
  pthread_create(&warm, 0, nothing, 0);
  pthread_join(warm, 0);
  kasane_roi(1, 0);
  r[0] = row_create(rounds);
  kasane_roi(0, 0);
  kasane_roi(1, 1);
  r[1] = row_exit(rounds);
  kasane_roi(0, 1);
  kasane_roi(1, 2);
  r[2] = row_mutex(rounds);
  kasane_roi(0, 2);
  kasane_roi(1, 3);
  r[3] = row_workload();
  kasane_roi(0, 3);
  printf("| thread create | %lu |\n| thread exit | %lu |\n| mutex hand-off | %lu |\n", r[0],
         r[1], r[2]);
  printf("| mutex workload | %lu |\n", r[3]);
  static const char* const names[4] = {"create", "exit", "mutex_handoff", "mutex_workload"};
  for (int i = 0; i < 4; i++) kasane_report(names[i], r[i]);
  return 0;
}
