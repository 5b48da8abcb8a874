/* glibc's own POSIX threads (NPTL, built with -pthread): three threads created with clone and
 * joined through their CLEARTID words, a counter under a mutex, a hand-off through a condition
 * variable, and a barrier between rounds. What NPTL asks of the kernel on the way: clone3 (ENOSYS:
 * it falls back to clone), set_robust_list, rseq, futex_time64 with FUTEX_WAIT_BITSET, mprotect
 * for the stack guard, madvise when a thread's stack is let go (os/README.md, "Threads").
 * A timed condition wait at the end times out by CLOCK_REALTIME (futex_time64).
 * At most three threads besides main: one per free context of the default machine.
 * Link: -pthread
 * Expect: status 0 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

enum { NTHREADS = 3, ROUNDS = 4, ADDS = 500 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t turn_changed = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t round_end;
static long counter;
static int turn;             /* which thread may append to order[] next */
static int order[NTHREADS * ROUNDS];
static int norder;

static void* worker(void* arg) {
  int me = (int)(long)arg;
  long mine = 0;
  for (int r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < ADDS; i++) {
      pthread_mutex_lock(&lock);
      counter += me + 1;
      pthread_mutex_unlock(&lock);
      mine += me + 1;
    }
    /* Take turns in thread order: each waits on the condition for its turn. */
    pthread_mutex_lock(&lock);
    while (turn != me) pthread_cond_wait(&turn_changed, &lock);
    order[norder++] = me;
    turn = (turn + 1) % NTHREADS;
    pthread_cond_broadcast(&turn_changed);
    pthread_mutex_unlock(&lock);
    int serial = pthread_barrier_wait(&round_end) == PTHREAD_BARRIER_SERIAL_THREAD;
    if (serial) {
      pthread_mutex_lock(&lock);
      printf("round %d: counter %ld\n", r, counter);
      pthread_mutex_unlock(&lock);
    }
    pthread_barrier_wait(&round_end); /* the line is printed before the next round starts */
  }
  return (void*)mine;
}

int main(void) {
  pthread_t t[NTHREADS];
  if (pthread_barrier_init(&round_end, 0, NTHREADS) != 0) return 1;
  for (int i = 0; i < NTHREADS; i++)
    if (pthread_create(&t[i], 0, worker, (void*)(long)i) != 0) {
      printf("pthread_create %d failed\n", i);
      return 1;
    }
  long total = 0;
  for (int i = 0; i < NTHREADS; i++) {
    void* res;
    if (pthread_join(t[i], &res) != 0) return 2;
    printf("thread %d added %ld\n", i, (long)res);
    total += (long)res;
  }
  printf("counter %ld, sum of the threads %ld\n", counter, total);
  printf("turns:");
  for (int i = 0; i < norder; i++) printf(" %d", order[i]);
  printf("\n");
  pthread_barrier_destroy(&round_end);
  /* A timed wait nobody ends: futex_time64 with FUTEX_WAIT_BITSET and an absolute
   * CLOCK_REALTIME deadline 10 ms ahead. */
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_nsec += 10000000;
  if (deadline.tv_nsec >= 1000000000) deadline.tv_sec++, deadline.tv_nsec -= 1000000000;
  pthread_mutex_lock(&lock);
  int r;
  while ((r = pthread_cond_timedwait(&turn_changed, &lock, &deadline)) == 0) continue;
  pthread_mutex_unlock(&lock);
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  int late = now.tv_sec > deadline.tv_sec ||
             (now.tv_sec == deadline.tv_sec && now.tv_nsec >= deadline.tv_nsec);
  printf("timed wait: %s, %s the deadline\n", r == ETIMEDOUT ? "ETIMEDOUT" : "other",
         late ? "at or after" : "before");
  return counter == total && counter == (long)ROUNDS * ADDS * (1 + 2 + 3) ? 0 : 3;
}
