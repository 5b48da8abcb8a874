/* pthread.h - POSIX threads, the subset Kasane's thread library implements (runtime/README.md,
 * "Threads"). Names, constants and error numbers are POSIX's (values as glibc's where a program
 * could see them), so a program that stays inside this subset builds unchanged here and against
 * glibc. Two implementations share this header; a program picks one at link time
 * (kasane_program(... THREADS hw|conventional)).
 *
 * Every object type is a plain struct whose all-zero value is what the static initialiser
 * gives, so PTHREAD_*_INITIALIZER is {0} and an object in .bss works without init. The fields
 * belong to the library. */
#ifndef _PTHREAD_H
#define _PTHREAD_H

#include <sched.h>
#include <sys/types.h>
#include <time.h>

struct __pthread;

/* Threads waiting on an object, first come first served. */
struct __pthread_queue {
  struct __pthread *__head, *__tail;
};

/* A thread: the address of its thread management block (ThMB). */
typedef struct __pthread* pthread_t;

typedef struct {
  size_t __stacksize; /* 0: the default, PTHREAD_STACK_DEFAULT */
  int __detach;       /* PTHREAD_CREATE_* */
} pthread_attr_t;

typedef struct {
  volatile int __lock;       /* 0 free, 1 held, 2 held and someone may be waiting */
  int __type;                /* PTHREAD_MUTEX_* */
  struct __pthread* __owner; /* who holds it */
  int __count;               /* recursive: times the owner holds it, less one */
  struct __pthread_queue __waiters;
} pthread_mutex_t;

typedef struct {
  int __type;
} pthread_mutexattr_t;

typedef struct {
  struct __pthread_queue __waiters;
} pthread_cond_t;

typedef struct {
  int __unused;
} pthread_condattr_t;

typedef struct {
  unsigned __count;   /* threads per round */
  unsigned __arrived; /* of this round so far */
  unsigned __round;   /* rounds completed */
  struct __pthread_queue __waiters;
} pthread_barrier_t;

typedef struct {
  int __unused;
} pthread_barrierattr_t;

typedef unsigned pthread_key_t;
typedef volatile int pthread_once_t;

#define PTHREAD_MUTEX_INITIALIZER {0}
#define PTHREAD_COND_INITIALIZER {0}
#define PTHREAD_ONCE_INIT 0

#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1

#define PTHREAD_MUTEX_NORMAL 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_DEFAULT PTHREAD_MUTEX_NORMAL

#define PTHREAD_BARRIER_SERIAL_THREAD (-1) /* what pthread_barrier_wait returns to one thread */

#define PTHREAD_KEYS_MAX 128             /* thread-specific data keys at once (POSIX minimum) */
#define PTHREAD_DESTRUCTOR_ITERATIONS 4  /* rounds of destructors at thread exit */
#define PTHREAD_STACK_MIN 16384          /* smallest stack pthread_attr_setstacksize takes */
#define PTHREAD_STACK_DEFAULT 65536      /* a thread's stack unless its attributes say otherwise */

int pthread_create(pthread_t* t, const pthread_attr_t* attr, void* (*start)(void*), void* arg);
void pthread_exit(void* result) __attribute__((__noreturn__));
int pthread_join(pthread_t t, void** result);
int pthread_detach(pthread_t t);
pthread_t pthread_self(void);
int pthread_equal(pthread_t a, pthread_t b);
int pthread_once(pthread_once_t* once, void (*fn)(void));
int pthread_yield(void); /* GNU: give the context to a ready thread of this process, if any */

int pthread_attr_init(pthread_attr_t* a);
int pthread_attr_destroy(pthread_attr_t* a);
int pthread_attr_setstacksize(pthread_attr_t* a, size_t size);
int pthread_attr_getstacksize(const pthread_attr_t* a, size_t* size);
int pthread_attr_setdetachstate(pthread_attr_t* a, int state);
int pthread_attr_getdetachstate(const pthread_attr_t* a, int* state);

int pthread_mutexattr_init(pthread_mutexattr_t* a);
int pthread_mutexattr_destroy(pthread_mutexattr_t* a);
int pthread_mutexattr_settype(pthread_mutexattr_t* a, int type);
int pthread_mutexattr_gettype(const pthread_mutexattr_t* a, int* type);

int pthread_mutex_init(pthread_mutex_t* m, const pthread_mutexattr_t* a);
int pthread_mutex_destroy(pthread_mutex_t* m);
int pthread_mutex_lock(pthread_mutex_t* m);
int pthread_mutex_trylock(pthread_mutex_t* m);
int pthread_mutex_unlock(pthread_mutex_t* m);

int pthread_condattr_init(pthread_condattr_t* a);
int pthread_condattr_destroy(pthread_condattr_t* a);
int pthread_cond_init(pthread_cond_t* c, const pthread_condattr_t* a);
int pthread_cond_destroy(pthread_cond_t* c);
int pthread_cond_wait(pthread_cond_t* c, pthread_mutex_t* m);
/* abstime is CLOCK_REALTIME (clock_gettime), absolute: ETIMEDOUT once it has passed. */
int pthread_cond_timedwait(pthread_cond_t* c, pthread_mutex_t* m, const struct timespec* abstime);
int pthread_cond_signal(pthread_cond_t* c);
int pthread_cond_broadcast(pthread_cond_t* c);

int pthread_barrierattr_init(pthread_barrierattr_t* a);
int pthread_barrierattr_destroy(pthread_barrierattr_t* a);
int pthread_barrier_init(pthread_barrier_t* b, const pthread_barrierattr_t* a, unsigned count);
int pthread_barrier_destroy(pthread_barrier_t* b);
int pthread_barrier_wait(pthread_barrier_t* b);

int pthread_key_create(pthread_key_t* k, void (*destructor)(void*));
int pthread_key_delete(pthread_key_t k);
void* pthread_getspecific(pthread_key_t k);
int pthread_setspecific(pthread_key_t k, const void* v);

#endif /* _PTHREAD_H */
