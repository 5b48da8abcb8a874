/* posix-threads-program-prints-what-glibc-prints - a program written for POSIX threads alone (no
 * Kasane header) builds unchanged against this runtime and against glibc, and both print the
 * same: once-only initialisation, per-thread errno, thread-specific data, a recursive mutex, a
 * condition handing work to a pool, a barrier, attributes (stack size, detached), join results.
 * The glibc build runs under qemu-mipsel (run_thread_tests.py compares the outputs).
 * Glibc: yes
 * Expect: status 0 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WORKERS 6
#define JOBS 40

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int init_calls;
static pthread_key_t key;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t have_job = PTHREAD_COND_INITIALIZER;
static pthread_cond_t all_done = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t barrier;
static int next_job = JOBS, jobs_done, stop; /* no jobs until main says */
static long results[JOBS];
static int errno_ok[WORKERS];
static int serial_count;

static void init(void) { init_calls++; }

static long job(int n) {
  long x = n;
  for (int i = 0; i < 1000; i++) x = (x * 31 + i) % 100003;
  return x;
}

static void* worker(void* arg) {
  int me = (int)(long)arg;
  pthread_once(&once, init);
  pthread_setspecific(key, arg);
  /* errno is per thread: each worker sees the error of its own failing call. */
  errno = 0;
  if (close(-1 - me) < 0) errno_ok[me] = errno == EBADF;
  if (pthread_barrier_wait(&barrier) == PTHREAD_BARRIER_SERIAL_THREAD) {
    pthread_mutex_lock(&m);
    serial_count++;
    pthread_mutex_unlock(&m);
  }
  pthread_mutex_lock(&m);
  for (;;) {
    while (next_job == JOBS && !stop) pthread_cond_wait(&have_job, &m);
    if (next_job == JOBS) break;
    int n = next_job++;
    pthread_mutex_unlock(&m);
    long r = job(n);
    pthread_mutex_lock(&m);
    results[n] = r;
    if (++jobs_done == JOBS) pthread_cond_signal(&all_done);
  }
  pthread_mutex_unlock(&m);
  return (void*)(long)((long)pthread_getspecific(key) == me ? me * 100 : -1);
}

static void* detached(void* arg) {
  pthread_mutex_lock(&m);
  *(int*)arg = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[WORKERS], d;
  pthread_attr_t a;
  size_t size = 0;
  int detached_ran = 0;

  errno = 1234; /* no thread's errno is main's */
  pthread_key_create(&key, 0);
  pthread_barrier_init(&barrier, 0, WORKERS);
  pthread_attr_init(&a);
  pthread_attr_setstacksize(&a, 256 * 1024);
  pthread_attr_getstacksize(&a, &size);
  printf("stack size %lu\n", (unsigned long)size);
  for (long i = 0; i < WORKERS; i++) pthread_create(&t[i], &a, worker, (void*)i);
  pthread_attr_destroy(&a);

  pthread_mutex_lock(&m);
  next_job = 0;
  pthread_cond_broadcast(&have_job);
  while (jobs_done < JOBS) pthread_cond_wait(&all_done, &m);
  stop = 1;
  pthread_cond_broadcast(&have_job);
  pthread_mutex_unlock(&m);

  long total = 0;
  for (int i = 0; i < WORKERS; i++) {
    void* r;
    pthread_join(t[i], &r);
    printf("worker %d returned %ld, errno %s\n", i, (long)r, errno_ok[i] ? "EBADF" : "wrong");
  }
  for (int i = 0; i < JOBS; i++) total += results[i];
  printf("once ran %d time(s); %d serial thread(s); %d jobs, total %ld\n", init_calls, serial_count,
         jobs_done, total);

  pthread_attr_init(&a);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  pthread_create(&d, &a, detached, &detached_ran);
  for (;;) {
    pthread_mutex_lock(&m);
    int ran = detached_ran;
    pthread_mutex_unlock(&m);
    if (ran) break;
    struct timespec ms = {0, 1000000};
    nanosleep(&ms, 0);
  }
  printf("detached thread ran\n");

  pthread_mutex_t r;
  pthread_mutexattr_t ra;
  pthread_mutexattr_init(&ra);
  pthread_mutexattr_settype(&ra, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&r, &ra);
  int e1 = pthread_mutex_lock(&r), e2 = pthread_mutex_lock(&r), e3 = pthread_mutex_unlock(&r),
      e4 = pthread_mutex_unlock(&r), e5 = pthread_mutex_unlock(&r);
  printf("recursive: %d %d %d %d %s\n", e1, e2, e3, e4, e5 == EPERM ? "EPERM" : "?");
  printf("main errno %s, self equal %d\n", errno == 1234 ? "untouched" : "changed",
         pthread_equal(pthread_self(), pthread_self()));
  return 0;
}
