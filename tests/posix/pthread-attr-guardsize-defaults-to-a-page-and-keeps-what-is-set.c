/* pthread-attr-guardsize-defaults-to-a-page-and-keeps-what-is-set - pthread_attr_getguardsize of
 * a fresh attribute object is one page (sysconf(_SC_PAGESIZE)); a size set with
 * pthread_attr_setguardsize, 0 or not a multiple of the page, is given back as set; threads
 * created with a guard of 0 and of three pages run and join normally.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <unistd.h>

#include "check.h"

static void* run(void* arg) { return arg; }

int main(void) {
  pthread_attr_t a;
  size_t g = 1;
  long page = sysconf(_SC_PAGESIZE);
  CHECK_INT(pthread_attr_init(&a), 0);
  CHECK_INT(pthread_attr_getguardsize(&a, &g), 0);
  CHECK_INT(g, page);
  CHECK_INT(pthread_attr_setguardsize(&a, 100), 0);
  CHECK_INT(pthread_attr_getguardsize(&a, &g), 0);
  CHECK_INT(g, 100);
  size_t sizes[2] = {0, 3 * (size_t)page};
  for (int k = 0; k < 2; k++) {
    pthread_t t;
    void* res = 0;
    CHECK_INT(pthread_attr_setguardsize(&a, sizes[k]), 0);
    CHECK_INT(pthread_attr_getguardsize(&a, &g), 0);
    CHECK_INT(g, sizes[k]);
    CHECK_INT(pthread_create(&t, &a, run, (void*)7), 0);
    CHECK_INT(pthread_join(t, &res), 0);
    CHECK(res == (void*)7);
  }
  return check_done();
}
