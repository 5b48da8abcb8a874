/* pthread-mutex-timedlock-times-out-with-etimedout - pthread_mutex_timedlock on a mutex another
 * thread holds gives ETIMEDOUT, not before the deadline (CLOCK_REALTIME, 200 us ahead); on a free
 * mutex it takes it at once even with a malformed deadline, which gives EINVAL when it would
 * have to wait; a deadline a release beats takes the mutex (0).
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>

#include "check.h"
#include "deadline.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t held, release;
static volatile int timed_out = -1, late = -1, bad = -1, took = -1;

static void* contender(void* arg) {
  (void)arg;
  struct timespec when = deadline_in_us(CLOCK_REALTIME, 200);
  timed_out = pthread_mutex_timedlock(&m, &when);
  late = deadline_passed(CLOCK_REALTIME, &when);
  struct timespec malformed = {0, 1000000000};
  bad = pthread_mutex_timedlock(&m, &malformed);
  sem_post(&release);
  when = deadline_in_us(CLOCK_REALTIME, 10000000); /* 10 s: main releases long before */
  took = pthread_mutex_timedlock(&m, &when);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  struct timespec malformed = {0, 1000000000};
  sem_init(&held, 0, 0);
  sem_init(&release, 0, 0);
  CHECK_INT(pthread_mutex_timedlock(&m, &malformed), 0); /* free: taken without a look */
  CHECK_INT(pthread_create(&t, 0, contender, 0), 0);
  sem_wait(&release);
  pthread_mutex_unlock(&m);
  CHECK_INT(pthread_join(t, 0), 0);
  CHECK_INT(timed_out, 145); /* ETIMEDOUT (MIPS numbering) */
  CHECK_INT(late, 1);
  CHECK_INT(bad, 22); /* EINVAL */
  CHECK_INT(took, 0);
  return check_done();
}
