/* pthread-join-of-joined-thread-gives-esrch - once a thread has been joined its id no longer
 * names a thread: joining it again gives ESRCH (as glibc does; the id stays stale until a later
 * pthread_create reuses it, runtime/src/thread/__all.c). Joining a detached thread that is still
 * running gives EINVAL, and a thread joining itself EDEADLK.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>

#include "check.h"

static sem_t release, ready;
static volatile int self_join = -1;

static void* quick(void* arg) { return arg; }

static void* waits(void* arg) {
  (void)arg;
  self_join = pthread_join(pthread_self(), 0);
  sem_post(&ready);
  sem_wait(&release);
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  sem_init(&release, 0, 0);
  sem_init(&ready, 0, 0);
  CHECK_INT(pthread_create(&t, 0, quick, (void*)5), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK_INT((int)(long)res, 5);
  CHECK_INT(pthread_join(t, &res), 3); /* ESRCH */
  CHECK_INT(pthread_create(&t, 0, waits, 0), 0);
  sem_wait(&ready);
  CHECK_INT(self_join, 45); /* EDEADLK (MIPS numbering) */
  CHECK_INT(pthread_detach(t), 0);
  CHECK_INT(pthread_join(t, &res), 22); /* EINVAL: detached, still waiting on release */
  sem_post(&release);
  return check_done();
}
