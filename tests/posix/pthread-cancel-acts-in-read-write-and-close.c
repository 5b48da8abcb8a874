/* pthread-cancel-acts-in-read-write-and-close - read, write and close are cancellation points:
 * three threads with deferred cancellation each loop on one of them (a read of a descriptor
 * that is not open, a write of 0 bytes to stdout, a close of a descriptor that is not open) and
 * call nothing else; whether the call itself succeeds does not matter:
 * each is cancelled by main and ends with PTHREAD_CANCELED before its loop's bound.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <unistd.h>

#include "check.h"

#define BOUND 2000000L

static volatile int started[3], ran_out[3];

static void* looper(void* arg) {
  int k = (int)(long)arg;
  char c;
  started[k] = 1;
  for (long n = 0; n < BOUND; n++) {
    if (k == 0) read(99, &c, 1);
    else if (k == 1) write(1, &c, 0);
    else close(99);
  }
  ran_out[k] = 1;
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (long k = 0; k < 3; k++) {
    void* res = 0;
    CHECK_INT(pthread_create(&t[k], 0, looper, (void*)k), 0);
    while (!started[k]) {
    }
    CHECK_INT(pthread_cancel(t[k]), 0);
    CHECK_INT(pthread_join(t[k], &res), 0);
    CHECK(res == PTHREAD_CANCELED);
    CHECK_INT(ran_out[k], 0);
  }
  return check_done();
}
