/* join-of-finished-thread-returns-its-result - pthread_join on a thread that has already exited
 * returns at once with its result (pthread_exit's argument or start's return value), and a
 * second thread joined before it finishes gets its result too.
 * Expect: status 0 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "check.h"

static volatile int done;

static void* finish_at_once(void* arg) {
  done = 1;
  return (void*)((intptr_t)arg * 3);
}

static void* exit_explicitly(void* arg) {
  pthread_exit((void*)((intptr_t)arg + 1000));
}

int main(void) {
  pthread_t t, u;
  void* r = 0;
  CHECK_INT(pthread_create(&t, 0, finish_at_once, (void*)14), 0);
  /* Sleep (in the kernel: the context goes to t meanwhile if it has to) until t has returned
   * from start, then once more so that it has surely exited. */
  struct timespec ms = {0, 1000000};
  while (!done) nanosleep(&ms, 0);
  nanosleep(&ms, 0);
  CHECK_INT(pthread_join(t, &r), 0);
  CHECK_INT((intptr_t)r, 42);
  CHECK_INT(pthread_create(&u, 0, exit_explicitly, (void*)7), 0);
  CHECK_INT(pthread_join(u, &r), 0);
  CHECK_INT((intptr_t)r, 1007);
  CHECK_INT(pthread_join(pthread_self(), &r), EDEADLK);
  return check_done();
}
