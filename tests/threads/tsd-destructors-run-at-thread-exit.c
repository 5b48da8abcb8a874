/* tsd-destructors-run-at-thread-exit - thread-specific data: each of 5 threads sets its own value
 * for two keys and sees only its own; at exit the destructors run with each thread's values (not
 * for NULL values, not for the main thread, which returns from main), and a destructor that sets
 * its value again is called again, up to PTHREAD_DESTRUCTOR_ITERATIONS rounds in all. A deleted
 * key reads NULL, and a key created after it starts NULL in every thread.
 * Expect: status 0 */
#include <pthread.h>
#include <stdint.h>

#include "check.h"

#define THREADS 5

static pthread_key_t plain, sticky;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int plain_calls, sticky_calls, wrong;
static intptr_t plain_sum;

static void plain_dtor(void* v) {
  pthread_mutex_lock(&m);
  plain_calls++;
  plain_sum += (intptr_t)v;
  pthread_mutex_unlock(&m);
}

/* Sets its value again each time: called PTHREAD_DESTRUCTOR_ITERATIONS times per thread. */
static void sticky_dtor(void* v) {
  pthread_mutex_lock(&m);
  sticky_calls++;
  pthread_mutex_unlock(&m);
  pthread_setspecific(sticky, v);
}

static void* run(void* arg) {
  intptr_t me = (intptr_t)arg;
  if (pthread_getspecific(plain) != 0) wrong++;
  pthread_setspecific(plain, (void*)(me * 10 + 1));
  if (me != 0) pthread_setspecific(sticky, (void*)me); /* thread 0 leaves it NULL */
  for (int i = 0; i < 100; i++) sched_yield();
  if (pthread_getspecific(plain) != (void*)(me * 10 + 1)) wrong++;
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  CHECK_INT(pthread_key_create(&plain, plain_dtor), 0);
  CHECK_INT(pthread_key_create(&sticky, sticky_dtor), 0);
  CHECK_INT(pthread_setspecific(plain, (void*)999), 0);
  for (intptr_t i = 0; i < THREADS; i++) pthread_create(&t[i], 0, run, (void*)i);
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], 0);
  CHECK_INT(wrong, 0);
  CHECK_INT(plain_calls, THREADS);
  CHECK_INT(plain_sum, 10 * (0 + 1 + 2 + 3 + 4) + THREADS);
  CHECK_INT(sticky_calls, (THREADS - 1) * PTHREAD_DESTRUCTOR_ITERATIONS);
  CHECK_INT((intptr_t)pthread_getspecific(plain), 999);
  CHECK_INT(pthread_key_delete(plain), 0);
  CHECK(pthread_getspecific(plain) == 0);
  pthread_key_t again;
  CHECK_INT(pthread_key_create(&again, 0), 0);
  CHECK(pthread_getspecific(again) == 0);
  CHECK_INT(pthread_key_delete(sticky), 0);
  CHECK_INT(pthread_key_delete(again), 0);
  return check_done();
}
