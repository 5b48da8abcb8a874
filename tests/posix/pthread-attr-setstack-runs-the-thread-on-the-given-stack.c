/* pthread-attr-setstack-runs-the-thread-on-the-given-stack - a thread created with
 * pthread_attr_setstack runs on that memory (a local of its start routine lies inside it);
 * pthread_attr_getstack gives back the address and size; a size below PTHREAD_STACK_MIN gives
 * EINVAL from setstack and from setstacksize, and setstacksize/getstacksize agree.
 * Expect: status 0
 * Glibc: yes */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>

#include "check.h"

#define SIZE (256 * 1024) /* above either library's PTHREAD_STACK_MIN */

static char stack[SIZE] __attribute__((aligned(16)));

static volatile uintptr_t seen; /* the address of a local of the thread */

static void* where(void* arg) {
  volatile int local = 0;
  (void)arg;
  seen = (uintptr_t)&local;
  return 0;
}

int main(void) {
  pthread_attr_t a;
  void* addr = 0;
  size_t size = 0;
  CHECK_INT(pthread_attr_init(&a), 0);
  CHECK_INT(pthread_attr_setstack(&a, stack, PTHREAD_STACK_MIN - 1), 22);
  CHECK_INT(pthread_attr_setstacksize(&a, PTHREAD_STACK_MIN - 1), 22);
  CHECK_INT(pthread_attr_setstacksize(&a, SIZE), 0);
  CHECK_INT(pthread_attr_getstacksize(&a, &size), 0);
  CHECK_INT(size, SIZE);
  CHECK_INT(pthread_attr_setstack(&a, stack, SIZE), 0);
  CHECK_INT(pthread_attr_getstack(&a, &addr, &size), 0);
  CHECK(addr == stack);
  CHECK_INT(size, SIZE);
  pthread_t t;
  CHECK_INT(pthread_create(&t, &a, where, 0), 0);
  CHECK_INT(pthread_join(t, 0), 0);
  CHECK(seen >= (uintptr_t)stack && seen < (uintptr_t)stack + SIZE);
  CHECK_INT(pthread_attr_destroy(&a), 0);
  return check_done();
}
