/* lazy_impl.h - the private side of <lazy.h>: threads, workers, their deques (the THE protocol
 * of Cilk-5), stack blocks and segments, and the run's shared state.
 *
 * A thread's stack is a chain of segments: a segment is a range [lo, hi) of one block, the
 * thread's frames grow down from hi, and lazy_call links the next segment when a frame does not
 * fit above lo. Blocks are block_size bytes carved from one anonymous mapping (the arena; the
 * kernel has 16 mmap regions per process, so one per block would not do) and counted while some
 * segment uses them; below every block lies a PROT_NONE guard page (LAZY_GUARD_PAGE: a block
 * starts every block_size + LAZY_GUARD_PAGE bytes), and a block's lowest LAZY_GUARD bytes are a
 * canary checked at every spawn, lazy_call and release (runtime/README.md says what each
 * catches).
 *
 * Memory ordering. Kasane's core is in order and sequentially consistent, so on it the SYNCs
 * below cost little and change nothing; they are there for MIPS32 as the architecture defines
 * it (loads and stores to different addresses may be reordered; SYNC orders all of them), and
 * each says which pair it orders. A weaker machine needs exactly these fences: release before
 * publishing a slot or a state, acquire after reading one, and the store-load fence of the
 * pop/steal handshake, which even x86 (TSO) needs. */
#ifndef KASANE_LAZY_IMPL_H
#define KASANE_LAZY_IMPL_H

#include <kasane/kasane_isa.h>

#define LAZY_LINE 64               /* keep a worker's deque ends off other workers' lines */
#define LAZY_DEQUE 1024            /* continuations per worker; a spawn beyond runs inline */
#define LAZY_MAX_WORKERS 16        /* core.contexts is at most 16 */
#define LAZY_GUARD 16              /* canary bytes at the bottom of every block */
#define LAZY_GUARD_PAGE 4096       /* PROT_NONE bytes under every block, between blocks */
#define LAZY_CHILD_MIN 4096        /* a child gets at least this much stack */
#define LAZY_POOL 4096             /* fair-use pool entries */
#define LAZY_SCHED_STACK 16384     /* a worker's own stack, for its scheduler loop */
#define LAZY_IDLE_TIMEOUT 2000     /* cycles an idle worker sleeps before it looks elsewhere */
#define LAZY_ARENA_MAX (1536ul << 20) /* virtual bytes asked for the arena (halved until given) */
#define LAZY_CANARY 0x57ac6a7du

/* Offsets in struct lazy_worker that __lazy_entry.S uses (checked in lazy_run.c). */
#define LAZY_OFF_SP 0
#define LAZY_OFF_EXITED 4

#ifndef __ASSEMBLER__
#include <lazy.h>
#include <setjmp.h>

#include "../ctx/ctx_sleep.h" /* idle and exit waits */
#include "lazy_arch.h"
#include "lock.h"

/* A range of a block that one thread's stack (or a pool entry) owns. */
struct lazy_seg {
  int blk;           /* block index in the arena, -1: none */
  char* lo;          /* lowest byte the owner may use */
  char* hi;          /* its frames grow down from here (8-aligned) */
};

#define LAZY_RUNNING 0ul
#define LAZY_DONE 1ul /* any other state value is the thread waiting in lazy_sync */

struct lazy_thread {
  jmp_buf ctx;                 /* callee-saved registers while suspended or in a deque */
  struct lazy_seg seg;         /* the segment its frames are in now */
  void (*fn)(void*);
  void* arg;
  struct lazy_thread* parent;  /* 0 for the root */
  struct lazy_thread* last_child; /* the child of its latest spawn (the one a quick resume ends) */
  int carved;                  /* seg was cut from the parent's segment at parent_lo */
  int started;                 /* the root is pushed before it has run */
  volatile unsigned long state; /* LAZY_RUNNING, LAZY_DONE, or the waiting thread */
};

/* Why a thread jumped to its worker's scheduler loop (setjmp's value). */
enum { LAZY_EXITED = 1, LAZY_JOIN, LAZY_YIELD };

struct lazy_worker {
  unsigned long sp;            /* initial $sp of the context (__lazy_entry.S) */
  volatile unsigned long exited; /* stored by __lazy_entry.S just before TEXIT */
  int index;
  long ltn;
  char* stack;                 /* LAZY_SCHED_STACK bytes, 0 for worker 0 (the caller's stack) */
  jmp_buf sched;               /* the scheduler loop, re-entered by longjmp */
  struct lazy_thread* cur;     /* the thread running here */
  struct lazy_thread* pending; /* what the loop has to finish: the thread that exited or waits */
  struct lazy_thread* join_on; /* LAZY_JOIN: the child it waits for */
  unsigned long steals, spawns, quick_resumes, links; /* this worker's counts */
  unsigned victim;
  /* The deque: `tail` is the owner's end (push, pop), `head` the thieves' end (steal). Both
   * only grow; a slot is index % LAZY_DEQUE. Each end alone on its line. */
  volatile int tail __attribute__((aligned(LAZY_LINE)));
  volatile int head __attribute__((aligned(LAZY_LINE)));
  volatile int lock; /* thieves against each other, and the owner's pop against a thief */
  struct lazy_thread* slot[LAZY_DEQUE] __attribute__((aligned(LAZY_LINE)));
};

/* Block bookkeeping, outside the blocks so that an unused block costs no touched page. */
struct lazy_block {
  int refs;        /* segments using the block (pool entries do not count) */
  int span;        /* blocks in the segment based here: >1 for a frame larger than a block */
  int next_free;   /* free list (or span free list) of blocks given back, -1 ends it */
  int guarded;     /* the guard page below it is PROT_NONE (open inside a span of several) */
};

struct lazy_rt {
  struct lazy_config cfg;
  int nworkers;
  volatile int done;                      /* the root has returned */
  struct lazy_worker* worker[LAZY_MAX_WORKERS];
  struct lazy_worker* by_ltn[LAZY_MAX_WORKERS + 1];
  /* Everything below is guarded by `lock`. */
  volatile int lock;
  char* arena;                            /* the mapping, block i at arena + i * block_size */
  unsigned long arena_size;
  int nblocks, bump, free_list;           /* blocks that fit, next never-used one, given back */
  int span_free;                          /* spans given back, whole (block[].span long) */
  struct lazy_block* block;
  struct lazy_seg pool[LAZY_POOL];        /* fair use: freed child regions */
  int npool;
  unsigned long long cur_bytes, peak_bytes;
  unsigned long blocks_allocated, blocks_freed, pool_hits;
  unsigned long* timeline;                /* (cycles, bytes) pairs */
  int tl_n, tl_stride, tl_skip;
  /* The workers' counts, added up by lazy_run when they stop. */
  unsigned long steals, spawns, quick_resumes, links, workers_ran;
};

extern struct lazy_rt __lazy_rt;

/* The worker on this context. A thread may move between workers at every spawn, sync and
 * lazy_call (it is stolen or resumed elsewhere), so callers look it up again after those. */
static inline struct lazy_worker* __lazy_self(void) { return __lazy_rt.by_ltn[kasane_tid()]; }

/* __lazy_entry.S: a worker context's first instruction; switch to sp and call fn(arg), never
 * to return (fn leaves with longjmp). */
void __lazy_entry(void);
__attribute__((noreturn)) void __lazy_start(char* sp, void (*fn)(void*), void* arg);
/* Call fn(arg) with $sp = sp and come back to the caller's stack. */
void __lazy_call_on(char* sp, void (*fn)(void*), void* arg);

/* __lazy_sched.c */
void __lazy_worker_main(struct lazy_worker* w);
__attribute__((noreturn)) void __lazy_to_sched(struct lazy_worker* w, int why);

/* __lazy_stack.c: segments (every function takes __lazy_rt.lock itself). */
int __lazy_arena_init(void);
void __lazy_arena_fini(void);
int __lazy_seg_new(struct lazy_seg* s, unsigned long need);
void __lazy_seg_release(struct lazy_seg* s, int to_pool);
void __lazy_seg_addref(int blk);
void __lazy_check(const struct lazy_thread* t);
int __lazy_block_ok(int blk); /* its canary is whole */
__attribute__((noreturn)) void __lazy_fault(const char* what, const void* where);
__attribute__((noreturn)) void __lazy_oom(void);
void __lazy_child_main(void* thread);

/* The deque, owner side. push: false if full. */
static inline int __lazy_push(struct lazy_worker* w, struct lazy_thread* t) {
  int tail = w->tail;
  if (tail - w->head >= LAZY_DEQUE) return 0;
  w->slot[tail % LAZY_DEQUE] = t;
  /* Release: the slot (and the thread's saved context) before the tail that exposes it. */
  a_barrier();
  w->tail = tail + 1;
  return 1;
}

/* pop: the newest continuation, or 0 if thieves took everything. */
static inline struct lazy_thread* __lazy_pop(struct lazy_worker* w) {
  int tail = w->tail - 1;
  w->tail = tail;
  /* Store-load: our new tail must be visible before we read head, and a thief's new head
   * before it reads tail (the same SYNC in __lazy_steal). Then at most one of us sees the last
   * slot as its own without the lock; the tie goes to the lock. */
  a_barrier();
  if (w->head > tail) {
    w->tail = tail + 1;
    __lock(&w->lock);
    tail = w->tail - 1;
    w->tail = tail;
    a_barrier();
    if (w->head > tail) {
      w->tail = tail + 1;
      __unlock(&w->lock);
      return 0;
    }
    __unlock(&w->lock);
  }
  return w->slot[tail % LAZY_DEQUE];
}

/* steal: the oldest continuation of v, or 0. */
static inline struct lazy_thread* __lazy_steal(struct lazy_worker* v) {
  if (v->head >= v->tail) return 0; /* a look without the lock: most tries find nothing */
  __lock(&v->lock);
  int head = v->head + 1;
  v->head = head;
  a_barrier(); /* store-load, the other half of __lazy_pop's */
  if (head > v->tail) {
    v->head = head - 1;
    __unlock(&v->lock);
    return 0;
  }
  struct lazy_thread* t = v->slot[(head - 1) % LAZY_DEQUE];
  __unlock(&v->lock); /* also the acquire for the thread's context */
  return t;
}

#endif /* __ASSEMBLER__ */
#endif /* KASANE_LAZY_IMPL_H */
