/* pthread-cancel-wakes-a-thread-in-cond-wait-with-the-mutex-held - cancelling a thread blocked in
 * pthread_cond_wait ends the wait (nobody signals); the thread takes the mutex again before its
 * cleanup handler runs, as POSIX says, so the handler finds the mutex held (its trylock gives
 * EBUSY) and unlocks it; main can lock it afterwards. The join value is PTHREAD_CANCELED.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>

#include "check.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static sem_t started;
static volatile int handler_ran, handler_trylock = -1, returned;

static void unlock_it(void* arg) {
  handler_trylock = pthread_mutex_trylock(&m);
  handler_ran = 1;
  pthread_mutex_unlock((pthread_mutex_t*)arg);
}

static void* worker(void* arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_cleanup_push(unlock_it, &m);
  sem_post(&started);
  for (;;) pthread_cond_wait(&cv, &m); /* only the cancellation ends this */
  pthread_cleanup_pop(0);
  returned = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  sem_init(&started, 0, 0);
  CHECK_INT(pthread_create(&t, 0, worker, 0), 0);
  sem_wait(&started);
  pthread_mutex_lock(&m); /* ours once the worker has released it in pthread_cond_wait */
  pthread_mutex_unlock(&m);
  CHECK_INT(pthread_cancel(t), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(handler_ran, 1);
  CHECK_INT(handler_trylock, 16); /* EBUSY */
  CHECK_INT(returned, 0);
  CHECK_INT(pthread_mutex_trylock(&m), 0);
  return check_done();
}
