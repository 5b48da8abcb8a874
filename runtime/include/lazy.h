/* lazy.h - work-stealing lazy threads with linked stacks (seed 004).
 *
 * lazy_run(main, arg, cfg) starts one worker per hardware context (TFORK) and runs main(arg) as
 * the first thread. A thread creates a child with lazy_spawn, which runs the child at once on
 * the same worker and leaves the caller's continuation in the worker's deque, where an idle
 * worker may steal it (work-first, as Cilk and the seed do). lazy_sync waits for a child; a
 * thread syncs every child it spawned, once, before it returns.
 *
 * Where a thread's stack comes from is the run's stack policy (runtime/README.md, "Lazy
 * threads"): LAZY_PER_THREAD gives every thread a block of its own, LAZY_LAZY carves a child's
 * stack out of the unused part of its parent's current block, LAZY_FAIR does the same and also
 * reuses freed child regions from a pool shared by all threads. Stacks grow by linking blocks:
 * a function that may need more than LAZY_SLACK bytes of stack is called through lazy_call,
 * which links a new block when the current one has too little room left. */
#ifndef _LAZY_H
#define _LAZY_H

enum lazy_policy { LAZY_PER_THREAD = 0, LAZY_LAZY = 1, LAZY_FAIR = 2 };

/* Bytes of stack every function not called through lazy_call may use below the point of the
 * last check (a spawn or a lazy_call): its own frame and those of the plain calls it makes. */
#define LAZY_SLACK 2048

struct lazy_config {
  int policy;                 /* enum lazy_policy */
  unsigned long block_size;   /* bytes per stack block, a multiple of 4096, at least 8192 */
  int workers;                /* workers to run on (1..16); fewer if contexts are busy */
  int timeline;               /* nonzero: record the stack-memory timeline (lazy_timeline) */
  int oom_status;             /* exit status when the arena is used up (after lazy_report) */
};

typedef struct lazy_thread* lazy_handle;

/* Run main(arg) as the first lazy thread with cfg's policy and workers; returns when it has
 * returned and every worker has stopped. 0, or -1 with errno (EINVAL: bad cfg; ENOMEM). */
int lazy_run(void (*main)(void*), void* arg, const struct lazy_config* cfg);

/* Start fn(arg) as a child of the calling thread; the handle is for one lazy_sync. */
lazy_handle lazy_spawn(void (*fn)(void*), void* arg);

/* Wait until the child h has returned (what it wrote is visible), and free h. */
void lazy_sync(lazy_handle h);

/* Call fn(arg), which needs `need` bytes of stack (itself and everything it calls outside
 * lazy_call and lazy_spawn), on a new linked block if the current one has less room left. */
void lazy_call(void (*fn)(void*), void* arg, unsigned long need);

/* Run other work of this worker, if it has any, and come back later: 1 if it did. */
int lazy_yield(void);

/* Wait until *flag is 0, running other work of this worker meanwhile (else sleeping in MWAIT on
 * the flag's line). */
void lazy_wait_while(volatile int* flag);

/* The run's accounting. Bytes are whole blocks, counted while they are in use. */
struct lazy_stats {
  unsigned long long cur_bytes, peak_bytes; /* stack blocks in use now, and at most */
  unsigned long blocks_allocated;           /* blocks taken from the arena */
  unsigned long blocks_freed;               /* blocks given back */
  unsigned long pool_hits;                  /* segments served from the fair-use pool */
  unsigned long steals, spawns, quick_resumes, links; /* links: blocks linked by lazy_call */
  unsigned long workers;                    /* workers that ran */
};
void lazy_get_stats(struct lazy_stats* s);

/* Report the stats through kasane_report as lazy.NAME (lazy.peak_bytes, lazy.steals, ...). */
void lazy_report(void);

/* Print the stack-memory timeline as CSV lines "timeline,CYCLES,BYTES" (one per change of
 * cur_bytes, thinned to at most LAZY_TIMELINE_POINTS) on stdout. */
#define LAZY_TIMELINE_POINTS 2048
void lazy_print_timeline(void);

/* LAZY_PER_THREAD, ... for "per-thread", "lazy", "fair"; -1 for anything else. */
int lazy_policy_by_name(const char* name);

#endif /* _LAZY_H */
