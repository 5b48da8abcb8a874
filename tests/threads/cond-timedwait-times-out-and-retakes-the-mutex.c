/* cond-timedwait-times-out-and-retakes-the-mutex - pthread_cond_timedwait with nobody to signal
 * returns ETIMEDOUT no earlier than the absolute CLOCK_REALTIME deadline, holding the mutex again
 * (another thread's trylock fails); a deadline already past times out at once; one that a
 * signal beats returns 0; a malformed one (tv_nsec out of range) gives EINVAL.
 * Expect: status 0 */
#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "check.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int flag, trylock_result = -1;

static long long ns(const struct timespec* t) {
  return (long long)t->tv_sec * 1000000000 + t->tv_nsec;
}

static struct timespec in_ms(int ms) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  long long n = ns(&t) + (long long)ms * 1000000;
  t.tv_sec = (time_t)(n / 1000000000);
  t.tv_nsec = (long)(n % 1000000000);
  return t;
}

static void* try_it(void* arg) {
  (void)arg;
  trylock_result = pthread_mutex_trylock(&m);
  return 0;
}

static void* signaller(void* arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  flag = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  struct timespec deadline = in_ms(5), now;
  pthread_mutex_lock(&m);
  CHECK_INT(pthread_cond_timedwait(&cv, &m, &deadline), ETIMEDOUT);
  clock_gettime(CLOCK_REALTIME, &now);
  CHECK(ns(&now) >= ns(&deadline));
  pthread_t t;
  pthread_create(&t, 0, try_it, 0);
  pthread_join(t, 0);
  CHECK_INT(trylock_result, EBUSY);

  struct timespec past = in_ms(-1);
  CHECK_INT(pthread_cond_timedwait(&cv, &m, &past), ETIMEDOUT);
  struct timespec bad = in_ms(5);
  bad.tv_nsec = 1000000000;
  CHECK_INT(pthread_cond_timedwait(&cv, &m, &bad), EINVAL);

  deadline = in_ms(1000);
  pthread_create(&t, 0, signaller, 0);
  int r = 0;
  while (!flag && r == 0) r = pthread_cond_timedwait(&cv, &m, &deadline);
  CHECK_INT(r, 0);
  CHECK_INT(flag, 1);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return check_done();
}
