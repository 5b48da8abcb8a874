/* pthread-detach-of-joined-thread-gives-esrch - pthread_detach of a thread already joined gives
 * ESRCH (its id names no thread any more); detaching a running thread twice gives EINVAL the
 * second time.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>

#include "check.h"

static sem_t release;

static void* quick(void* arg) { return arg; }

static void* waits(void* arg) {
  (void)arg;
  sem_wait(&release);
  return 0;
}

int main(void) {
  pthread_t t;
  sem_init(&release, 0, 0);
  CHECK_INT(pthread_create(&t, 0, quick, 0), 0);
  CHECK_INT(pthread_join(t, 0), 0);
  CHECK_INT(pthread_detach(t), 3); /* ESRCH */
  CHECK_INT(pthread_create(&t, 0, waits, 0), 0);
  CHECK_INT(pthread_detach(t), 0);
  CHECK_INT(pthread_detach(t), 22); /* EINVAL */
  sem_post(&release);
  return check_done();
}
