/* runtime/src/thread/kernel/kpthread.h - the inside of the `kernel` thread backend: POSIX
 * threads 1:1 on the kernel's Linux calls (clone with NPTL's flags, futex, exit, tgkill), the way
 * musl builds them (runtime/README.md, "Threads", "The kernel backend").
 *
 * Each pthread is a kernel thread of the process. Its thread block (struct __pthread, what
 * pthread_t points at) sits at the top of the memory of its stack, and clone's CLONE_SETTLS makes
 * it the thread pointer (CP0 UserLocal, `rdhwr $29`), so pthread_self is one instruction. The
 * main thread's block is static and its thread pointer stays 0, which reads as the main thread.
 * Every wait is a futex wait in the kernel; nothing here schedules threads.
 *
 * The other backends' pthread_impl.h (a user-level scheduler) is not included here; the shared
 * sources this backend takes are those that include only <pthread.h> (runtime/CMakeLists.txt). */
#ifndef KASANE_KPTHREAD_H
#define KASANE_KPTHREAD_H

#include <kasane/syscall_nr.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "pthread_arch.h" /* a_cas, a_add_fetch, a_thread_pointer (atomic_arch.h: a_swap) */
#include "syscall_arch.h"

#include <kasane/clone.h>

/* NPTL's set of clone flags, which is what the kernel accepts (os/README.md, "Threads"). */
#define KCLONE_FLAGS                                                                      \
  (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM |    \
   CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

#define FUTEX_WAIT_PRIVATE 128 /* FUTEX_WAIT | FUTEX_PRIVATE_FLAG */
#define FUTEX_WAKE_PRIVATE 129
#define KPAGE 4096 /* mprotect's granule */
#define KSTACK_CACHE 64 /* freed thread blocks with their stacks kept for the next creates */
#define SIGPOKE 32      /* what pthread_cancel sends (glibc's SIGCANCEL); no program names it */

/* detach_state, as musl: a joinable thread that exits moves to EXITING; a detached one frees
 * itself (deferred: __kreap). */
enum { DT_JOINABLE = 0, DT_DETACHED, DT_EXITING };

/* The id word's value while a pthread_t is valid (as the other backends: a joined thread's
 * block stays mapped in the stack cache, so join/detach/kill of it read 0 there and give ESRCH). */
#define KTHREAD_ID 0x7d1d7eadu

struct __pthread {
  struct __pthread* self;  /* itself (what the thread pointer names) */
  volatile int tid;        /* the kernel's thread id; zeroed by the kernel when the thread is
                            * gone (CLONE_CHILD_CLEARTID), which is what a joiner waits for */
  volatile int detach_state; /* DT_* */
  unsigned id;             /* KTHREAD_ID while the pthread_t is valid */
  void* (*start)(void*);
  void* arg;
  void* result;
  int errno_val;           /* this thread's errno */
  volatile int cancel;     /* pthread_cancel was called for it */
  int cancel_disable;      /* PTHREAD_CANCEL_DISABLE */
  int cancel_async;        /* PTHREAD_CANCEL_ASYNCHRONOUS */
  struct __ptcb* cleanup;  /* cleanup handlers, newest first */
  char* map;               /* the malloc'd block (guard, stack, this), or 0: main thread, or a
                            * stack of the caller's own */
  char* guard;             /* the PROT_NONE pages at the bottom of the stack */
  size_t stack_size, guard_size; /* what it was made with: the stack cache's key */
  struct __pthread* next;  /* in the list of the stack cache or of detached threads to free */
  int tsd_used;            /* pthread_setspecific has stored a value */
  volatile int held;       /* 1 while its creator sets its affinity: it waits before its start
                            * routine, so that it runs none of it elsewhere (glibc's
                            * stopped_start) */
  struct {
    void* value;
    unsigned seq; /* the key's sequence number when set: a stale value reads as NULL */
  } tsd[PTHREAD_KEYS_MAX];
};

extern struct __pthread __kmain; /* the main thread's block */
extern volatile int __klive;     /* threads not yet exited, the main thread included */

/* The running thread: the thread pointer, which is 0 on the main thread. */
static inline struct __pthread* __kself(void) {
  struct __pthread* t = a_thread_pointer();
  return t ? t : &__kmain;
}

/* futex calls (private: no memory is shared between processes). */
static inline long __kfutex_wake(volatile void* a, int n) {
  return __syscall3(SYS_futex, (long)a, FUTEX_WAKE_PRIVATE, n);
}
static inline long __kfutex_wait(volatile void* a, int val) {
  return __syscall4(SYS_futex, (long)a, FUTEX_WAIT_PRIVATE, val, 0);
}

/* A futex lock for the library's own short sections (musl's __lock): 0 free, 1 held, 2 held
 * and perhaps waited for. */
static inline void __klock(volatile int* l) {
  if (a_cas(l, 0, 1) == 0) return;
  while (a_swap(l, 2)) __kfutex_wait(l, 2);
  a_barrier();
}
static inline void __kunlock(volatile int* l) {
  a_barrier();
  if (a_swap(l, 0) == 2) __kfutex_wake(l, 1);
}

/* Wait on the futex at a while it holds val, until abstime by clock (no limit if abstime is 0):
 * 0 (woken, or the value differed, or a signal: callers look again), ETIMEDOUT, EINVAL for a
 * malformed abstime, or ECANCELED when cancellable and a cancellation is to be acted on. */
int __ktimedwait(volatile void* a, int val, clockid_t clock, const struct timespec* abstime,
                 int cancellable);

/* The cancellable call (arch/syscall_cp_kernel.S): the call with four arguments, made only if
 * *cancel is 0 when looked at; -ECANCELED if it was not, or if SIGPOKE caught the thread
 * between that look and the call. Otherwise the call's result, -errno on failure. */
long __kcp_asm(volatile int* cancel, long nr, long a, long b, long c, long d);
extern char __cp_begin[], __cp_end[], __cp_cancel[];
/* __kcp_asm for the calling thread, or the plain call with cancellation disabled; -ECANCELED
 * also when the call ended with EINTR and a cancellation is pending. */
long __kcp(long nr, long a, long b, long c, long d);
void __cancel(void) __attribute__((noreturn)); /* pthread_exit(PTHREAD_CANCELED) */
void __testcancel(void);

/* The clone of arch/clone_kernel.S: start fn(arg) on a new kernel thread on stack, with the
 * thread pointer tls; the tid, or -errno. */
long __kclone(unsigned long flags, void* stack, volatile int* ptid, void* tls,
              volatile int* ctid, void (*fn)(void*), void* arg);

void __kinit(void); /* the main thread's tid, once: at the first create, kill, cancel */
void __kreap(void);                           /* free the blocks of detached threads now gone */
void __kfree(struct __pthread* t);            /* back to the stack cache, or unmapped */
void __ktsd_run_destructors(struct __pthread* self);

/* The cond, rwlock, barrier and semaphore structures of <pthread.h> are the other backends'
 * (queues of ThMBs); here their queue words hold plain counters, named by these. */
typedef int __attribute__((__may_alias__)) kword_t; /* such a counter, read through a pointer */
#define KWORD(p) (*(volatile kword_t*)(void*)&(p))

#endif /* KASANE_KPTHREAD_H */
