/* recursive-and-errorcheck-mutexes-report-misuse - the error numbers POSIX gives: an
 * error-checking mutex locked twice by its owner gives EDEADLK, unlocked by another thread or
 * while free EPERM, trylock by its owner EBUSY; a recursive mutex nests (lock, lock, trylock),
 * needs as many unlocks, and then (or by another thread) gives EPERM; a locked mutex cannot be
 * destroyed (EBUSY); trylock of a normal mutex another thread holds gives EBUSY.
 * Expect: status 0 */
#include <errno.h>
#include <pthread.h>

#include "check.h"

static pthread_mutex_t ec, rec, normal = PTHREAD_MUTEX_INITIALIZER;
static int other_unlock_ec, other_unlock_rec, other_trylock_rec, other_trylock_normal;

static void* other(void* arg) {
  (void)arg;
  other_unlock_ec = pthread_mutex_unlock(&ec);
  other_unlock_rec = pthread_mutex_unlock(&rec);
  other_trylock_rec = pthread_mutex_trylock(&rec);
  other_trylock_normal = pthread_mutex_trylock(&normal);
  return 0;
}

int main(void) {
  pthread_mutexattr_t a;
  int type = -1;
  CHECK_INT(pthread_mutexattr_init(&a), 0);
  CHECK_INT(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK), 0);
  CHECK_INT(pthread_mutexattr_gettype(&a, &type), 0);
  CHECK_INT(type, PTHREAD_MUTEX_ERRORCHECK);
  CHECK_INT(pthread_mutex_init(&ec, &a), 0);
  CHECK_INT(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE), 0);
  CHECK_INT(pthread_mutex_init(&rec, &a), 0);
  CHECK_INT(pthread_mutexattr_settype(&a, 12345), EINVAL);
  CHECK_INT(pthread_mutexattr_destroy(&a), 0);

  CHECK_INT(pthread_mutex_unlock(&ec), EPERM);
  CHECK_INT(pthread_mutex_lock(&ec), 0);
  CHECK_INT(pthread_mutex_lock(&ec), EDEADLK);
  CHECK_INT(pthread_mutex_trylock(&ec), EBUSY);
  CHECK_INT(pthread_mutex_destroy(&ec), EBUSY);

  CHECK_INT(pthread_mutex_lock(&rec), 0);
  CHECK_INT(pthread_mutex_lock(&rec), 0);
  CHECK_INT(pthread_mutex_trylock(&rec), 0);
  CHECK_INT(pthread_mutex_lock(&normal), 0);

  pthread_t t;
  CHECK_INT(pthread_create(&t, 0, other, 0), 0);
  CHECK_INT(pthread_join(t, 0), 0);
  CHECK_INT(other_unlock_ec, EPERM);
  CHECK_INT(other_unlock_rec, EPERM);
  CHECK_INT(other_trylock_rec, EBUSY);
  CHECK_INT(other_trylock_normal, EBUSY);

  CHECK_INT(pthread_mutex_unlock(&rec), 0);
  CHECK_INT(pthread_mutex_unlock(&rec), 0);
  CHECK_INT(pthread_mutex_destroy(&rec), EBUSY);
  CHECK_INT(pthread_mutex_unlock(&rec), 0);
  CHECK_INT(pthread_mutex_unlock(&rec), EPERM);
  CHECK_INT(pthread_mutex_destroy(&rec), 0);
  CHECK_INT(pthread_mutex_unlock(&ec), 0);
  CHECK_INT(pthread_mutex_unlock(&ec), EPERM);
  CHECK_INT(pthread_mutex_destroy(&ec), 0);
  CHECK_INT(pthread_mutex_unlock(&normal), 0);
  CHECK_INT(pthread_mutex_destroy(&normal), 0);
  return check_done();
}
