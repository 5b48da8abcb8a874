/* pthread-rwlock-readers-share-and-a-writer-excludes - a read-write lock held for reading (twice
 * by one thread) is taken for reading by another thread too, while a writer gets EBUSY from
 * trywrlock and ETIMEDOUT from timedwrlock (200 us); held for writing it refuses readers (EBUSY)
 * and gives its holder EDEADLK on a second wrlock; destroy succeeds once it is free.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>

#include "check.h"
#include "deadline.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int other_read = -1, other_try_write = -1, other_timed_write = -1;
static volatile int other_read_while_written = -1;

static void* while_read(void* arg) {
  (void)arg;
  other_read = pthread_rwlock_tryrdlock(&l);
  if (other_read == 0) pthread_rwlock_unlock(&l);
  other_try_write = pthread_rwlock_trywrlock(&l);
  struct timespec when = deadline_in_us(CLOCK_REALTIME, 200);
  other_timed_write = pthread_rwlock_timedwrlock(&l, &when);
  return 0;
}

static void* while_written(void* arg) {
  (void)arg;
  other_read_while_written = pthread_rwlock_tryrdlock(&l);
  return 0;
}

int main(void) {
  pthread_t t;
  CHECK_INT(pthread_rwlock_rdlock(&l), 0);
  CHECK_INT(pthread_rwlock_rdlock(&l), 0);
  CHECK_INT(pthread_create(&t, 0, while_read, 0), 0);
  CHECK_INT(pthread_join(t, 0), 0);
  CHECK_INT(other_read, 0);
  CHECK_INT(other_try_write, 16);     /* EBUSY */
  CHECK_INT(other_timed_write, 145);  /* ETIMEDOUT */
  CHECK_INT(pthread_rwlock_unlock(&l), 0);
  CHECK_INT(pthread_rwlock_unlock(&l), 0);
  CHECK_INT(pthread_rwlock_wrlock(&l), 0);
  CHECK_INT(pthread_rwlock_wrlock(&l), 45); /* EDEADLK (MIPS numbering) */
  CHECK_INT(pthread_create(&t, 0, while_written, 0), 0);
  CHECK_INT(pthread_join(t, 0), 0);
  CHECK_INT(other_read_while_written, 16); /* EBUSY */
  CHECK_INT(pthread_rwlock_unlock(&l), 0);
  CHECK_INT(pthread_rwlock_destroy(&l), 0);
  return check_done();
}
