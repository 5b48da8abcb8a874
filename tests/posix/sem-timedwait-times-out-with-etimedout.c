/* sem-timedwait-times-out-with-etimedout - sem_timedwait on a semaphore of value 0 that nobody
 * posts returns -1 with errno ETIMEDOUT once the deadline (CLOCK_REALTIME, 200 us ahead) has
 * passed; a malformed deadline gives EINVAL even when the value is positive (glibc checks it
 * first); a positive value is taken at once.
 * Expect: status 0
 * Glibc: yes */
#include <errno.h>
#include <semaphore.h>

#include "check.h"
#include "deadline.h"

int main(void) {
  sem_t s;
  int v = -1;
  CHECK_INT(sem_init(&s, 0, 0), 0);
  struct timespec when = deadline_in_us(CLOCK_REALTIME, 200);
  errno = 0;
  CHECK_INT(sem_timedwait(&s, &when), -1);
  CHECK_INT(errno, 145); /* ETIMEDOUT */
  CHECK_INT(deadline_passed(CLOCK_REALTIME, &when), 1);
  CHECK_INT(sem_post(&s), 0);
  struct timespec malformed = {0, 1000000000};
  errno = 0;
  CHECK_INT(sem_timedwait(&s, &malformed), -1);
  CHECK_INT(errno, 22); /* EINVAL */
  when = deadline_in_us(CLOCK_REALTIME, 200);
  CHECK_INT(sem_timedwait(&s, &when), 0);
  CHECK_INT(sem_getvalue(&s, &v), 0);
  CHECK_INT(v, 0);
  CHECK_INT(sem_destroy(&s), 0);
  return check_done();
}
