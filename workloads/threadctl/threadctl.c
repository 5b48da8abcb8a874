/* threadctl - the cycles of thread control (E1, seed 002's table): create, exit, a contended mutex
 * hand-off, a mutex workload, and a kernel notification, for whichever thread backend this
 * program is linked with (threadctl-hw, threadctl-conv). POSIX threads only, plus the cycle
 * counter (<kasane/cycles.h>) and region-of-interest markers, so stats.json has the same counts.
 *
 *   threadctl-BACKEND [ROUNDS]          create, exit, mutex rows (on a machine with contexts to spare)
 *   threadctl-BACKEND ROUNDS FILE       the notification row alone (with one context)
 *
 * What each row measures (the mean over ROUNDS, cycles of the core clock):
 *   create  one pthread_create() call, with a free context for the new thread; the thread exits
 *           at once and is joined outside the measurement.
 *   exit    from a thread's call of pthread_exit() to the return of pthread_join() in the
 *           thread that waits for it (blocked in join before the exit starts).
 *   mutex   a contended hand-off: from pthread_mutex_unlock() by the holder to the return of
 *           pthread_mutex_lock() in a thread blocked on it.
 *   mutex workload  4 threads each taking and releasing one mutex 250 times around a counter:
 *           cycles from the first create to the last join (the paper's "mutex workload").
 *   notification  (with FILE, on a disk) from just before a read() that must wait for the disk to
 *           the first instruction of another, ready thread that runs meanwhile on the same
 *           context: kernel entry, the disk request, the BLOCKED event, the runtime's switch.
 *           Run it with one context (core.contexts=1) so that the other thread waits in the ready
 *           queue. Each round reads a new block, so every read misses the buffer cache.
 * Region of interest i (0..4) covers row i. */
#include <fcntl.h>
#include <kasane/cycles.h>
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

static unsigned long row_notify(int rounds, const char* path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    fprintf(stderr, "threadctl: cannot open %s\n", path);
    exit(1);
  }
  static char buf[BLOCK];
  unsigned long total = 0;
  int n = 0;
  for (int i = 0; i < rounds; i++) {
    pthread_t t;
    go = 1;
    first_run = 0;
    pthread_create(&t, 0, bystander, 0); /* ready, waiting for a context */
    unsigned long t0 = kasane_cycles();
    if (read(fd, buf, BLOCK) != BLOCK) break;
    go = 0;
    pthread_join(t, 0);
    if (first_run) {
      total += first_run - t0;
      n++;
    }
  }
  close(fd);
  return n ? total / n : 0;
}

int main(int argc, char** argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 32;
  if (rounds < 1) rounds = 1;
  printf("| operation | cycles |\n|---|---:|\n");
  if (argc > 2) {
    kasane_roi(1, 4);
    unsigned long n = row_notify(rounds, argv[2]);
    kasane_roi(0, 4);
    printf("| notification | %lu |\n", n);
    return 0;
  }
  unsigned long r[4];
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
  return 0;
}
