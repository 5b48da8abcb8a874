/* pthread.h - POSIX threads, the subset Kasane's thread library implements (runtime/README.md,
 * "Threads"). Names, constants and error numbers are POSIX's (values as glibc's where a program
 * could see them), so a program that stays inside this subset builds unchanged here and against
 * glibc. Three implementations share this header; a program picks one at link time
 * (kasane_program(... THREADS hw|conventional|kernel)).
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
  void* __stackaddr;  /* pthread_attr_setstack: the caller's stack (lowest address), or 0 */
  size_t __guardsize; /* pthread_attr_setguardsize's, if __guardset */
  int __guardset;     /* 0: the default guard, PTHREAD_GUARD_DEFAULT */
  unsigned long __cpus; /* pthread_attr_setaffinity_np: bit c = core c; 0: any core */
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
  int __clock; /* the condattr's clock */
} pthread_cond_t;

typedef struct {
  int __clock; /* clockid_t of pthread_cond_timedwait's abstime: CLOCK_REALTIME (0) or MONOTONIC */
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

typedef struct {
  unsigned __readers;        /* threads holding it for reading */
  struct __pthread* __writer;/* the thread holding it for writing, or 0 */
  struct __pthread_queue __waiters;
} pthread_rwlock_t;

typedef struct {
  int __unused;
} pthread_rwlockattr_t;

typedef volatile int pthread_spinlock_t; /* 0 free, 1 held */
typedef unsigned pthread_key_t;
typedef volatile int pthread_once_t;

#define PTHREAD_MUTEX_INITIALIZER {0}
#define PTHREAD_COND_INITIALIZER {0}
#define PTHREAD_RWLOCK_INITIALIZER {0}
#define PTHREAD_ONCE_INIT 0

#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1

#define PTHREAD_MUTEX_NORMAL 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_DEFAULT PTHREAD_MUTEX_NORMAL

#define PTHREAD_PROCESS_PRIVATE 0
#define PTHREAD_PROCESS_SHARED 1

#define PTHREAD_CANCEL_ENABLE 0
#define PTHREAD_CANCEL_DISABLE 1
#define PTHREAD_CANCEL_DEFERRED 0
#define PTHREAD_CANCEL_ASYNCHRONOUS 1
#define PTHREAD_CANCELED ((void*)-1) /* a cancelled thread's result, as pthread_join gives it */

#define PTHREAD_BARRIER_SERIAL_THREAD (-1) /* what pthread_barrier_wait returns to one thread */

#define PTHREAD_KEYS_MAX 128             /* thread-specific data keys at once (POSIX minimum) */
#define PTHREAD_DESTRUCTOR_ITERATIONS 4  /* rounds of destructors at thread exit */
#define PTHREAD_STACK_MIN 16384          /* smallest stack pthread_attr_setstacksize takes */
#define PTHREAD_STACK_DEFAULT 65536      /* a thread's stack unless its attributes say otherwise */
#define PTHREAD_GUARD_DEFAULT 4096       /* the inaccessible page below it (0 in the attr: none) */

int pthread_create(pthread_t* t, const pthread_attr_t* attr, void* (*start)(void*), void* arg);
void pthread_exit(void* result) __attribute__((__noreturn__));
int pthread_join(pthread_t t, void** result);
int pthread_detach(pthread_t t);
pthread_t pthread_self(void);
int pthread_equal(pthread_t a, pthread_t b);
int pthread_once(pthread_once_t* once, void (*fn)(void));
int pthread_yield(void); /* GNU: give the context to a ready thread of this process, if any */

int pthread_cancel(pthread_t t);
int pthread_setcancelstate(int state, int* old);
int pthread_setcanceltype(int type, int* old);
void pthread_testcancel(void);

/* Cleanup handlers, as musl: push and pop are macros that must pair in one block; the record
 * lives in the block's frame and is linked into the thread's list, which pthread_exit (and so a
 * cancellation) runs, newest first. */
struct __ptcb {
  void (*__f)(void*);
  void* __x;
  struct __ptcb* __next;
};
void _pthread_cleanup_push(struct __ptcb* cb, void (*f)(void*), void* x);
void _pthread_cleanup_pop(struct __ptcb* cb, int run);
#define pthread_cleanup_push(f, x) \
  do {                             \
    struct __ptcb __cb;            \
    _pthread_cleanup_push(&__cb, f, x);
#define pthread_cleanup_pop(r)       \
    _pthread_cleanup_pop(&__cb, (r)); \
  }                                  \
  while (0)

int pthread_attr_init(pthread_attr_t* a);
int pthread_attr_destroy(pthread_attr_t* a);
int pthread_attr_setstacksize(pthread_attr_t* a, size_t size);
int pthread_attr_getstacksize(const pthread_attr_t* a, size_t* size);
int pthread_attr_setdetachstate(pthread_attr_t* a, int state);
int pthread_attr_getdetachstate(const pthread_attr_t* a, int* state);
/* The caller's own stack of size bytes from addr up (at least PTHREAD_STACK_MIN, 8-aligned): the
 * thread's ThMB is carved from its top, and the library never frees it. */
int pthread_attr_setstack(pthread_attr_t* a, void* addr, size_t size);
int pthread_attr_getstack(const pthread_attr_t* a, void** addr, size_t* size);
int pthread_attr_setguardsize(pthread_attr_t* a, size_t size);
int pthread_attr_getguardsize(const pthread_attr_t* a, size_t* size);
/* The cores a thread may run on (GNU's _np calls): bit c of the set is core c, as for
 * sched_setaffinity (a CPU is a core; the library picks the context). */
int pthread_attr_setaffinity_np(pthread_attr_t* a, size_t size, const cpu_set_t* set);
int pthread_attr_getaffinity_np(const pthread_attr_t* a, size_t size, cpu_set_t* set);
int pthread_setaffinity_np(pthread_t t, size_t size, const cpu_set_t* set);
int pthread_getaffinity_np(pthread_t t, size_t size, cpu_set_t* set);

int pthread_mutexattr_init(pthread_mutexattr_t* a);
int pthread_mutexattr_destroy(pthread_mutexattr_t* a);
int pthread_mutexattr_settype(pthread_mutexattr_t* a, int type);
int pthread_mutexattr_gettype(const pthread_mutexattr_t* a, int* type);

int pthread_mutex_init(pthread_mutex_t* m, const pthread_mutexattr_t* a);
int pthread_mutex_destroy(pthread_mutex_t* m);
int pthread_mutex_lock(pthread_mutex_t* m);
int pthread_mutex_trylock(pthread_mutex_t* m);
int pthread_mutex_unlock(pthread_mutex_t* m);
/* abstime is absolute, by CLOCK_REALTIME: ETIMEDOUT once it has passed with m still held. */
int pthread_mutex_timedlock(pthread_mutex_t* m, const struct timespec* abstime);

int pthread_condattr_init(pthread_condattr_t* a);
int pthread_condattr_destroy(pthread_condattr_t* a);
int pthread_condattr_setclock(pthread_condattr_t* a, clockid_t clock); /* REALTIME, MONOTONIC */
int pthread_condattr_getclock(const pthread_condattr_t* a, clockid_t* clock);
int pthread_cond_init(pthread_cond_t* c, const pthread_condattr_t* a);
int pthread_cond_destroy(pthread_cond_t* c);
int pthread_cond_wait(pthread_cond_t* c, pthread_mutex_t* m);
/* abstime is absolute, by the condattr's clock (CLOCK_REALTIME unless pthread_condattr_setclock
 * said otherwise): ETIMEDOUT once it has passed. */
int pthread_cond_timedwait(pthread_cond_t* c, pthread_mutex_t* m, const struct timespec* abstime);
int pthread_cond_signal(pthread_cond_t* c);
int pthread_cond_broadcast(pthread_cond_t* c);

int pthread_barrierattr_init(pthread_barrierattr_t* a);
int pthread_barrierattr_destroy(pthread_barrierattr_t* a);
int pthread_barrier_init(pthread_barrier_t* b, const pthread_barrierattr_t* a, unsigned count);
int pthread_barrier_destroy(pthread_barrier_t* b);
int pthread_barrier_wait(pthread_barrier_t* b);

/* Read-write locks, readers first (glibc's default): a reader waits only while a writer holds
 * the lock. Timed variants by CLOCK_REALTIME. */
int pthread_rwlockattr_init(pthread_rwlockattr_t* a);
int pthread_rwlockattr_destroy(pthread_rwlockattr_t* a);
int pthread_rwlock_init(pthread_rwlock_t* l, const pthread_rwlockattr_t* a);
int pthread_rwlock_destroy(pthread_rwlock_t* l); /* EBUSY while held */
int pthread_rwlock_rdlock(pthread_rwlock_t* l);
int pthread_rwlock_tryrdlock(pthread_rwlock_t* l);
int pthread_rwlock_timedrdlock(pthread_rwlock_t* l, const struct timespec* abstime);
int pthread_rwlock_wrlock(pthread_rwlock_t* l);
int pthread_rwlock_trywrlock(pthread_rwlock_t* l);
int pthread_rwlock_timedwrlock(pthread_rwlock_t* l, const struct timespec* abstime);
int pthread_rwlock_unlock(pthread_rwlock_t* l);

/* Spin locks: the runtime's test-and-test-and-set lock (src/internal/lock.h), which gives the
 * context to a ready thread while it waits. pshared is accepted and ignored (a lock is a word). */
int pthread_spin_init(pthread_spinlock_t* l, int pshared);
int pthread_spin_destroy(pthread_spinlock_t* l);
int pthread_spin_lock(pthread_spinlock_t* l);
int pthread_spin_trylock(pthread_spinlock_t* l); /* EBUSY when held */
int pthread_spin_unlock(pthread_spinlock_t* l);

int pthread_key_create(pthread_key_t* k, void (*destructor)(void*));
int pthread_key_delete(pthread_key_t k);
void* pthread_getspecific(pthread_key_t k);
int pthread_setspecific(pthread_key_t k, const void* v);

#endif /* _PTHREAD_H */
