/* pthread-kill-with-signal-0-tells-whether-the-thread-exists - pthread_kill(t, 0) sends nothing
 * and gives 0 for a running thread and for one that has exited but is not yet joined; a signal
 * number out of range gives EINVAL.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>

#include "check.h"

static sem_t release, done;

static void* worker(void* arg) {
  (void)arg;
  sem_wait(&release);
  sem_post(&done);
  return 0;
}

int main(void) {
  pthread_t t;
  sem_init(&release, 0, 0);
  sem_init(&done, 0, 0);
  CHECK_INT(pthread_create(&t, 0, worker, 0), 0);
  CHECK_INT(pthread_kill(t, 0), 0);
  CHECK_INT(pthread_kill(t, 200), 22); /* EINVAL */
  CHECK_INT(pthread_kill(pthread_self(), 0), 0);
  sem_post(&release);
  sem_wait(&done);
  CHECK_INT(pthread_kill(t, 0), 0); /* exited or exiting, not joined: still an id */
  CHECK_INT(pthread_join(t, 0), 0);
  return check_done();
}
