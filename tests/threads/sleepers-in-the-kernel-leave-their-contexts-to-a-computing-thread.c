/* sleepers-in-the-kernel-leave-their-contexts-to-a-computing-thread - 12 threads (more than the
 * machine has contexts) each sleep in nanosleep 3 times for 2 ms while one thread computes. A
 * sleep that waits in the kernel raises a BLOCKED notification (hw: an upcall; conventional:
 * SIGIO), and the library runs another thread on that context instead of holding it: so the
 * sleeps overlap even on a single context (all 36 sleeps take far less than 36 * 2 ms), every
 * sleep returns 0 after at least its 2 ms, the computing thread finishes with the right sum, and
 * the kernel counted a BLOCKED and an UNBLOCKED event per sleep.
 * Expect: status 0 */
#include <kasane/notify.h>
#include <kasane/syscalls.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "check.h"

#define SLEEPERS 12
#define SLEEPS 3
#define SLEEP_NS 2000000

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int failed_sleeps, short_sleeps;

static long long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void* sleeper(void* arg) {
  (void)arg;
  for (int i = 0; i < SLEEPS; i++) {
    struct timespec d = {0, SLEEP_NS};
    long long before = now_ns();
    int r = nanosleep(&d, 0);
    long long took = now_ns() - before;
    pthread_mutex_lock(&m);
    failed_sleeps += r != 0;
    short_sleeps += took < SLEEP_NS;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

static void* compute(void* arg) {
  uint32_t n = (uint32_t)(uintptr_t)arg, sum = 0;
  for (uint32_t i = 0; i < n; i++) sum += i * i;
  return (void*)(uintptr_t)sum;
}

int main(void) {
  struct kasane_notify_stats before, after;
  pthread_t s[SLEEPERS], c;
  void* r;
  uint32_t want = 0;
  for (uint32_t i = 0; i < 200000; i++) want += i * i;
  long long start = now_ns();
  CHECK_INT(pthread_create(&c, 0, compute, (void*)200000), 0);
  CHECK_INT(kasane_notify_stats(&before), 0);
  for (int i = 0; i < SLEEPERS; i++) pthread_create(&s[i], 0, sleeper, 0);
  for (int i = 0; i < SLEEPERS; i++) pthread_join(s[i], 0);
  long long took = now_ns() - start;
  CHECK_INT(kasane_notify_stats(&after), 0);
  CHECK_INT(pthread_join(c, &r), 0);
  CHECK_HEX((uint32_t)(uintptr_t)r, want);
  CHECK_INT(failed_sleeps, 0);
  CHECK_INT(short_sleeps, 0);
  CHECK(took < (long long)SLEEPERS * SLEEPS * SLEEP_NS / 2);
  CHECK_INT(after.blocked - before.blocked, SLEEPERS * SLEEPS);
  CHECK_INT(after.unblocked - before.unblocked, SLEEPERS * SLEEPS);
  return check_done();
}
