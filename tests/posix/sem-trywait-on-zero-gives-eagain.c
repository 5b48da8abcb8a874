/* sem-trywait-on-zero-gives-eagain - sem_trywait takes one when the value is positive and
 * otherwise returns -1 with errno EAGAIN without waiting; sem_init with a value above
 * SEM_VALUE_MAX gives EINVAL.
 * Expect: status 0
 * Glibc: yes */
#include <errno.h>
#include <limits.h>
#include <semaphore.h>

#include "check.h"

int main(void) {
  sem_t s;
  int v = -1;
  errno = 0;
  CHECK_INT(sem_init(&s, 0, (unsigned)SEM_VALUE_MAX + 1), -1);
  CHECK_INT(errno, 22); /* EINVAL */
  CHECK_INT(sem_init(&s, 0, 2), 0);
  CHECK_INT(sem_trywait(&s), 0);
  CHECK_INT(sem_trywait(&s), 0);
  errno = 0;
  CHECK_INT(sem_trywait(&s), -1);
  CHECK_INT(errno, 11); /* EAGAIN */
  CHECK_INT(sem_getvalue(&s, &v), 0);
  CHECK_INT(v, 0);
  return check_done();
}
