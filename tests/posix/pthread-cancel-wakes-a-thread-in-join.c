/* pthread-cancel-wakes-a-thread-in-join - pthread_join is a cancellation point: a thread blocked
 * joining another that never ends is cancelled out of the join (join value PTHREAD_CANCELED),
 * and the thread it waited for stays joinable: main can still join it once it ends.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>

#include "check.h"

static sem_t release, started;
static pthread_t sleeper;

static void* sleeper_main(void* arg) {
  (void)arg;
  sem_wait(&release);
  return (void*)42;
}

static void* joiner_main(void* arg) {
  (void)arg;
  sem_post(&started);
  pthread_join(sleeper, 0);
  return (void*)1; /* not reached: cancelled in the join */
}

int main(void) {
  pthread_t joiner;
  void* res = 0;
  sem_init(&release, 0, 0);
  sem_init(&started, 0, 0);
  CHECK_INT(pthread_create(&sleeper, 0, sleeper_main, 0), 0);
  CHECK_INT(pthread_create(&joiner, 0, joiner_main, 0), 0);
  sem_wait(&started);
  CHECK_INT(pthread_cancel(joiner), 0);
  CHECK_INT(pthread_join(joiner, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  sem_post(&release);
  CHECK_INT(pthread_join(sleeper, &res), 0);
  CHECK_INT((int)(long)res, 42);
  return check_done();
}
