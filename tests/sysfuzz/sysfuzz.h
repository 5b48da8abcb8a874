/* sysfuzz.h - what the parts of the system call fuzzer share: the random generator, the memory it
 * points arguments into, one fuzzing context's state, the argument generators (gen.c), the call
 * log (log.c) and the worker (worker.c). main.c says how the parts fit together. */
#ifndef KASANE_SYSFUZZ_H
#define KASANE_SYSFUZZ_H

#include <kasane/sysfuzz_calls.h>
#include <stdint.h>

#define PAGE 4096u
/* The arena: ARENA_PAGES mapped pages the generators point into, then one page left unmapped, so
 * arena + ARENA_PAGES * PAGE - 1 is the last byte before an unmapped page. */
#define ARENA_PAGES 6u
#define VICTIM_PAGES 4u
#define MAXFDS 32 /* descriptors a context remembers (opened or closed since) */
#define LOGLINES 32 /* the last calls a context keeps, for a report */
#define LOGLINE 160

/* xorshift32: small, and the same sequence on every machine from the same seed. */
struct rng {
  uint32_t s;
};
uint32_t rnd(struct rng* r);                /* any word */
uint32_t rndn(struct rng* r, uint32_t n);   /* 0 .. n-1 */
uint32_t mix(uint32_t a, uint32_t b);       /* a seed for a part, from its parent's seed */

/* One fuzzing context: a worker's main thread, its TFORK thread, or a child making one call. */
struct fz {
  const char* who;       /* "w3", "w3.t", "w3.c" */
  struct rng rng;
  uint8_t* arena;        /* ARENA_PAGES pages; the page after them is unmapped */
  uint8_t* victim;       /* VICTIM_PAGES pages for munmap, mmap and brk to take away */
  const char* argv0;     /* this program: a path spawn can start */
  int fds[MAXFDS];       /* descriptors seen: open ones and closed ones */
  int nfds;
  int lastchild;         /* a pid this context spawned, or 0 */
  int boss;              /* the supervisor's pid, which gen_pid never names */
  int trace;             /* print every call to stderr as it is made */
  uint32_t ncalls;
  int32_t ts[2];         /* the timespec gen_time hands out: outside the arena, where another
                          * thread's read could turn 100 us into seconds and look like a hang */
  int64_t ts64[2];       /* the same for futex_time64's timeout */
  char log[LOGLINES][LOGLINE];
};

/* gen.c: one argument of type t; *prev_buf is the last buf argument, for the size after it. */
uint32_t gen_arg(struct fz* f, int t, uint32_t* prev_buf);
void fz_note_fd(struct fz* f, int fd);

/* log.c */
void log_call(struct fz* f, const struct sysfuzz_call* c, const uint32_t* a);
void log_result(struct fz* f, long r);
void log_event(struct fz* f, const char* what, long v);
void log_dump(struct fz* f);

/* prog.c: a program's steps (scripts/sysfuzz.py's corpus); call -1 is a thread operation */
#define WORKERS 3   /* the workers of a round */
#define MAXSTEPS 512 /* steps of one worker in a program */
struct step {
  int call;
  uint32_t seed;
};
int read_program(const char* path, int index, struct step* out, int max);

/* worker.c; prog: a program file whose steps the worker makes, or NULL for CALLS random ones */
int worker_main(const char* argv0, uint32_t seed, int index, int calls, int trace,
                const char* prog);
int one_main(const char* argv0, uint32_t seed, int call, const char* who, int trace, int boss);
void fz_init(struct fz* f, const char* who, const char* argv0, uint32_t seed, int trace);

#endif /* KASANE_SYSFUZZ_H */
