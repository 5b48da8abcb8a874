/* pthread_create, pthread_self, pthread_yield for the kernel backend: a new thread is a kernel
 * thread, made with clone and NPTL's flags (musl's pthread_create).
 *
 * Memory. A thread's stack and its block (struct __pthread) come from one malloc, as the other
 * backends' stacks do (musl and glibc take each from its own mmap, but the kernel keeps 16
 * anonymous regions per address space, param.h NREGION, and malloc's heap grows with brk): a
 * guard of PROT_NONE pages at the bottom (pthread_attr_setguardsize, default one page; the
 * kernel's mprotect), the stack above it, the block at the top; the first stack pointer is just
 * below the block. A stack of the caller's own (pthread_attr_setstack) gets no guard, and its
 * block is carved from its top. The kernel writes the tid into the block before clone returns
 * to either thread (PARENT_SETTID) and zeroes it when the thread is gone (CHILD_CLEARTID): that
 * word is what pthread_join waits on.
 *
 * Freeing. A joined thread's block goes back at the join; a detached thread cannot free the
 * stack it runs on, so it puts itself on a list at its exit and the next pthread_create frees
 * those whose tid the kernel has zeroed (__kreap). Up to KSTACK_CACHE blocks of the default
 * size are kept for reuse, as musl and glibc keep stacks: a create then costs no malloc or
 * mprotect, and the id word of a joined thread stays readable (ESRCH, not a fault). */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "kpthread.h"

struct __pthread __kmain = {.self = &__kmain, .id = KTHREAD_ID};
volatile int __klive = 1;
static volatile int started;
static volatile int list_lock;           /* guards the two lists below */
static struct __pthread* cache;          /* free blocks of the default size, by next */
static int ncache;
static struct __pthread* dead;           /* detached threads that exited, by next */

/* The main thread's tid (set_tid_address returns it, and the kernel will zero the word when the
 * main thread ends, so it can be joined like any other), at the first call that needs it. */
void __kinit(void) {
  if (started) return;
  __kmain.tid = (int)__syscall1(SYS_set_tid_address, (long)&__kmain.tid);
  started = 1;
}

pthread_t pthread_self(void) { return __kself(); }

int pthread_yield(void) {
  sched_yield();
  return 0;
}

int* __pthread_errno_location(void) { return &__kself()->errno_val; }

/* The runtime's spin locks (src/internal/lock.h): spin a little, then let the kernel run
 * someone else, who may be the holder. */
void __lock_wait(volatile int* l) {
  for (int i = 0; i < 100 && *l; i++) a_spin();
  if (*l) sched_yield();
}

void __kfree(struct __pthread* t) {
  if (!t->map) return; /* the main thread, or a stack of the caller's own */
  if (t->stack_size == PTHREAD_STACK_DEFAULT && t->guard_size == KPAGE) {
    __klock(&list_lock);
    if (ncache < KSTACK_CACHE) {
      t->next = cache;
      cache = t;
      ncache++;
      __kunlock(&list_lock);
      return;
    }
    __kunlock(&list_lock);
  }
  char* map = t->map;
  if (t->guard_size) mprotect(t->guard, t->guard_size, PROT_READ | PROT_WRITE); /* malloc's again */
  free(map);
}

void __kreap(void) {
  __klock(&list_lock);
  struct __pthread **pp = &dead, *gone = 0;
  while (*pp) {
    struct __pthread* t = *pp;
    if (t->tid == 0) { /* off its stack for good */
      *pp = t->next;
      t->next = gone;
      gone = t;
    } else {
      pp = &t->next;
    }
  }
  __kunlock(&list_lock);
  while (gone) {
    struct __pthread* t = gone;
    gone = t->next;
    __kfree(t);
  }
}

/* Called by pthread_exit of a detached thread: free me once I am gone. */
void __kdead(struct __pthread* self) {
  __klock(&list_lock);
  self->next = dead;
  dead = self;
  __kunlock(&list_lock);
}

/* A block with stack bytes of stack and guard bytes of guard below, zeroed (the block, not the
 * stack); or 0. */
static struct __pthread* alloc(size_t stack, size_t guard) {
  struct __pthread* t = 0;
  if (stack == PTHREAD_STACK_DEFAULT && guard == KPAGE && cache) {
    __klock(&list_lock);
    t = cache;
    if (t) {
      cache = t->next;
      ncache--;
    }
    __kunlock(&list_lock);
  }
  if (t) {
    char *map = t->map, *g = t->guard;
    memset(t, 0, sizeof *t);
    t->map = map;
    t->guard = g;
  } else {
    /* A page of slack lets the guard start on a page boundary, as mprotect needs. */
    char* map = malloc(KPAGE + guard + stack + sizeof *t);
    if (!map) return 0;
    char* g = (char*)(((uintptr_t)map + KPAGE - 1) & ~(uintptr_t)(KPAGE - 1));
    if (guard && mprotect(g, guard, PROT_NONE) < 0) {
      free(map);
      return 0;
    }
    t = (struct __pthread*)(((uintptr_t)g + guard + stack + 7) & ~(uintptr_t)7);
    memset(t, 0, sizeof *t);
    t->map = map;
    t->guard = g;
  }
  t->stack_size = stack;
  t->guard_size = guard;
  return t;
}

static void start(void* arg) {
  struct __pthread* self = arg;
  while (self->held) __kfutex_wait(&self->held, 1);
  pthread_exit(self->start(self->arg));
}

int pthread_create(pthread_t* res, const pthread_attr_t* attr, void* (*fn)(void*), void* arg) {
  __kinit();
  __kreap();
  size_t stack = attr && attr->__stacksize ? attr->__stacksize : PTHREAD_STACK_DEFAULT;
  size_t guard = attr && attr->__guardset ? attr->__guardsize : KPAGE;
  guard = (guard + KPAGE - 1) & ~(size_t)(KPAGE - 1);
  struct __pthread* t;
  char* sp;
  if (attr && attr->__stackaddr) {
    uintptr_t top = ((uintptr_t)attr->__stackaddr + stack - sizeof *t) & ~(uintptr_t)7;
    t = (struct __pthread*)top;
    memset(t, 0, sizeof *t);
  } else {
    t = alloc(stack, guard);
    if (!t) return EAGAIN;
  }
  sp = (char*)((uintptr_t)t & ~(uintptr_t)7);
  t->self = t;
  t->start = fn;
  t->arg = arg;
  t->id = KTHREAD_ID;
  t->detach_state = attr && attr->__detach == PTHREAD_CREATE_DETACHED ? DT_DETACHED : DT_JOINABLE;
  a_add_fetch(&__klive, 1);
  t->held = attr && attr->__cpus;
  long tid = __kclone(KCLONE_FLAGS, sp, &t->tid, t, &t->tid, start, t);
  if (tid < 0) {
    a_add_fetch(&__klive, -1);
    t->id = 0;
    __kfree(t);
    return EAGAIN; /* the kernel's limit on threads (os/README.md, "Threads") */
  }
  if (attr && attr->__cpus) { /* before it runs its start routine: it waits until then */
    __syscall3(SYS_sched_setaffinity, tid, sizeof attr->__cpus, (long)&attr->__cpus);
    t->held = 0;
    __kfutex_wake(&t->held, 1);
  }
  *res = t;
  return 0;
}
