/* semaphore.h - unnamed, process-private POSIX semaphores, built on the thread library's wait
 * queue (runtime/src/thread/sem_*.c; a program links a thread backend to use them). Named
 * semaphores (sem_open) do not exist: sem_open gives SEM_FAILED with errno ENOSYS. Functions
 * return 0, or -1 with errno, as POSIX says. */
#ifndef _SEMAPHORE_H
#define _SEMAPHORE_H

#include <limits.h> /* SEM_VALUE_MAX */
#include <pthread.h>
#include <time.h>

typedef struct {
  volatile int __value;             /* what sem_getvalue gives; never below 0 */
  struct __pthread_queue __waiters; /* threads in sem_wait, first come first served */
} sem_t;

#define SEM_FAILED ((sem_t*)0)

int sem_init(sem_t* s, int pshared, unsigned value); /* pshared must be 0: else ENOSYS */
int sem_destroy(sem_t* s);                           /* EBUSY while a thread waits */
int sem_wait(sem_t* s);
int sem_trywait(sem_t* s);                           /* EAGAIN when the value is 0 */
/* abstime is absolute, by CLOCK_REALTIME: ETIMEDOUT once it has passed. */
int sem_timedwait(sem_t* s, const struct timespec* abstime);
int sem_post(sem_t* s);                              /* EOVERFLOW past SEM_VALUE_MAX */
int sem_getvalue(sem_t* s, int* value);
sem_t* sem_open(const char* name, int flags, ...);
int sem_close(sem_t* s);
int sem_unlink(const char* name);

#endif /* _SEMAPHORE_H */
