/* pthread-cleanup-handlers-run-newest-first-at-exit - pthread_cleanup_pop(1) runs the handler it
 * pops and pop(0) does not; the handlers still pushed when the thread calls pthread_exit run,
 * newest first, before the join returns the exit value.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>

#include "check.h"

static char order[8];
static int n;

static void note(void* arg) { order[n++] = *(const char*)arg; }

static void* worker(void* arg) {
  (void)arg;
  pthread_cleanup_push(note, "a");
  pthread_cleanup_push(note, "b");
  pthread_cleanup_push(note, "x");
  pthread_cleanup_pop(0); /* x: not run */
  pthread_cleanup_push(note, "c");
  pthread_cleanup_pop(1); /* c: run now */
  pthread_cleanup_push(note, "d");
  pthread_exit((void*)7); /* d, b, a */
  pthread_cleanup_pop(0);
  pthread_cleanup_pop(0);
  pthread_cleanup_pop(0);
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  CHECK_INT(pthread_create(&t, 0, worker, 0), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK_INT((int)(long)res, 7);
  CHECK_STR(order, "cdba");
  return check_done();
}
