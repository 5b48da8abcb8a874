/* detached-thread-outlives-its-creators-join-loop - a thread C starts a detached thread D and 8
 * joinable workers, joins the workers and exits; D is still waiting for main's go-ahead then.
 * Main joins C, lets D go, and waits (on a condition) until D reports it has finished its work.
 * D cannot be joined or detached again (EINVAL), and once it has exited its ThMB and stack are
 * freed by the next pthread_create, which the last batch of threads exercises.
 * Expect: status 0 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>

#include "check.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int go, d_done, c_done;
static pthread_t d;
static int d_join, d_detach;

static void* worker(void* arg) { return (void*)((intptr_t)arg + 1); }

static void* detached(void* arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  while (!go) pthread_cond_wait(&cv, &m);
  pthread_mutex_unlock(&m);
  unsigned x = 1;
  for (int i = 0; i < 20000; i++) x = x * 1103515245u + 12345u; /* outlive everyone a little */
  pthread_mutex_lock(&m);
  d_done = x != 0 ? 1 : 2;
  pthread_cond_broadcast(&cv);
  pthread_mutex_unlock(&m);
  return 0;
}

static void* creator(void* arg) {
  (void)arg;
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  int state = -1;
  pthread_attr_getdetachstate(&a, &state);
  if (state != PTHREAD_CREATE_DETACHED || pthread_create(&d, &a, detached, 0) != 0) return 0;
  pthread_attr_destroy(&a);
  d_join = pthread_join(d, 0);
  d_detach = pthread_detach(d);
  pthread_t w[8];
  intptr_t sum = 0;
  for (intptr_t i = 0; i < 8; i++) pthread_create(&w[i], 0, worker, (void*)i);
  for (int i = 0; i < 8; i++) {
    void* r;
    pthread_join(w[i], &r);
    sum += (intptr_t)r;
  }
  c_done = 1;
  return (void*)sum;
}

int main(void) {
  pthread_t c;
  void* r;
  CHECK_INT(pthread_create(&c, 0, creator, 0), 0);
  CHECK_INT(pthread_join(c, &r), 0);
  CHECK_INT((intptr_t)r, 36);
  CHECK_INT(c_done, 1);
  CHECK_INT(d_join, EINVAL);
  CHECK_INT(d_detach, EINVAL);
  pthread_mutex_lock(&m);
  CHECK_INT(d_done, 0); /* the creator is gone; D still waits */
  go = 1;
  pthread_cond_broadcast(&cv);
  while (!d_done) pthread_cond_wait(&cv, &m);
  pthread_mutex_unlock(&m);
  CHECK_INT(d_done, 1);
  /* More threads: creating them frees D once it has exited. */
  int failures = 0;
  for (int round = 0; round < 20; round++) {
    pthread_t t;
    failures += pthread_create(&t, 0, worker, 0) != 0;
    failures += pthread_join(t, 0) != 0;
  }
  CHECK_INT(failures, 0);
  return check_done();
}
