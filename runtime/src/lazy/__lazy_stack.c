/* __lazy_stack - stack blocks and segments for the lazy-threads runtime: the arena, the three
 * policies' ways of finding a new segment, the fair-use pool, the accounting and its timeline,
 * and the guard check.
 *
 * One lock (__lazy_rt.lock) guards all of it: a new segment, a release and a reference to a
 * block take it once. Spawning a child on its parent's block takes it too (the block gains a
 * reference), which is the cost of counting blocks exactly; a per-worker cache would avoid it. */
#include <errno.h>
#include <kasane/syscalls.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lazy_impl.h"

#define RT __lazy_rt

/* Block b, above its guard page: blocks lie every block_size + LAZY_GUARD_PAGE bytes. */
static unsigned long stride(void) { return RT.cfg.block_size + LAZY_GUARD_PAGE; }
static char* block_base(int b) { return RT.arena + LAZY_GUARD_PAGE + (unsigned long)b * stride(); }

/* Close (or, inside a span, open) the guard page below block b if it is not so already: one
 * mprotect the first time a block is used, none when it comes back from the free list. */
static void guard(int b, int closed) {
  if (RT.block[b].guarded == closed) return;
  mprotect(block_base(b) - LAZY_GUARD_PAGE, LAZY_GUARD_PAGE,
           closed ? PROT_NONE : PROT_READ | PROT_WRITE);
  RT.block[b].guarded = closed;
}

static void set_canary(int b) {
  unsigned* c = (unsigned*)block_base(b);
  for (int i = 0; i < LAZY_GUARD / 4; i++) c[i] = LAZY_CANARY;
}

int __lazy_block_ok(int b) {
  const volatile unsigned* c = (const unsigned*)block_base(b);
  for (int i = 0; i < LAZY_GUARD / 4; i++)
    if (c[i] != LAZY_CANARY) return 0;
  return 1;
}

/* Report a stack overflow as the fault it is: one line on stderr, then SIGSEGV (exit status
 * 139), as a guard page would end the process. */
void __lazy_fault(const char* what, const void* where) {
  char line[128];
  int n = snprintf(line, sizeof line, "lazy: stack overflow: %s at %p\n", what, where);
  write(2, line, n);
  raise(SIGSEGV);
  _exit(139);
}

/* The arena is used up: say so, report what was counted (lazy.oom = 1) and exit with the
 * run's oom_status (a benchmark may take 0, so that an experiment records how far the policy
 * got rather than a failed run). */
void __lazy_oom(void) {
  static const char msg[] = "lazy: out of stack memory (the arena is used up)\n";
  write(2, msg, sizeof msg - 1);
  kasane_report("lazy.oom", 1);
  lazy_report();
  exit(RT.cfg.oom_status);
}

/* The running thread is still inside its segment and its block's canary is whole. */
void __lazy_check(const struct lazy_thread* t) {
  char* sp = __lazy_sp();
  if (sp < t->seg.lo) __lazy_fault("stack pointer below its segment", sp);
  if (!__lazy_block_ok(t->seg.blk))
    __lazy_fault("guard of its block overwritten", block_base(t->seg.blk));
}

/* Timeline point for the current byte count (lock held). When the buffer is full every other
 * point goes and only every tl_stride-th change is kept from then on. */
static void timeline_point(void) {
  if (!RT.timeline) return;
  if (RT.tl_skip++ % RT.tl_stride) return;
  if (RT.tl_n == 2 * LAZY_TIMELINE_POINTS) {
    for (int i = 0; i < LAZY_TIMELINE_POINTS; i++) {
      RT.timeline[2 * i] = RT.timeline[4 * i];
      RT.timeline[2 * i + 1] = RT.timeline[4 * i + 1];
    }
    RT.tl_n = LAZY_TIMELINE_POINTS;
    RT.tl_stride *= 2;
  }
  RT.timeline[2 * RT.tl_n] = __lazy_cycles();
  RT.timeline[2 * RT.tl_n + 1] = (unsigned long)RT.cur_bytes;
  RT.tl_n++;
}

/* A free block of a span, taken off the span free list (lock held): the first whose span is
 * exactly `span` blocks, or with span 0 any of them. -1 if none. */
static int span_take(int span) {
  for (int* at = &RT.span_free; *at >= 0; at = &RT.block[*at].next_free) {
    int b = *at;
    if (span && RT.block[b].span != span) continue;
    *at = RT.block[b].next_free;
    return b;
  }
  return -1;
}

/* `span` blocks in a row (lock held), -1 if none. One block: from the free list, else the
 * never-used rest of the arena, else cut out of a freed span (its other blocks go on the free
 * list). Several (a frame larger than a block): a freed span of the same length, else the
 * never-used rest. Without the reuse every big frame would take fresh blocks, and fresh pages,
 * for good: the count of blocks in use stays small while the memory touched grows with every
 * link until the machine's RAM or the arena is used up (fib(20) at 8 KiB blocks in 1 GiB). */
static int block_get(int span) {
  int b = -1;
  if (span == 1 && RT.free_list >= 0) {
    b = RT.free_list;
    RT.free_list = RT.block[b].next_free;
  } else if (span > 1) {
    b = span_take(span);
  }
  if (b < 0 && RT.nblocks - RT.bump >= span) {
    b = RT.bump;
    RT.bump += span;
    for (int i = 0; i < span; i++) RT.block[b + i].guarded = 0; /* never used: all open */
  }
  if (b < 0 && span == 1 && (b = span_take(0)) >= 0) {
    for (int i = RT.block[b].span - 1; i >= 1; i--) { /* their guard pages close when taken */
      RT.block[b + i].next_free = RT.free_list;
      RT.free_list = b + i;
    }
  }
  if (b < 0) return -1;
  RT.block[b].refs = 0;
  RT.block[b].span = span;
  guard(b, 1);
  for (int i = 1; i < span; i++) guard(b + i, 0); /* the span's memory runs across them */
  set_canary(b);
  RT.blocks_allocated += span;
  RT.cur_bytes += (unsigned long long)span * RT.cfg.block_size;
  if (RT.cur_bytes > RT.peak_bytes) RT.peak_bytes = RT.cur_bytes;
  timeline_point();
  return b;
}

/* Give block b back (lock held): its pool entries go with it. A span stays whole, on the span
 * free list, for the next frame of its size. */
static void block_put(int b) {
  if (!__lazy_block_ok(b)) __lazy_fault("guard of a freed block overwritten", block_base(b));
  for (int i = 0; i < RT.npool;)
    if (RT.pool[i].blk == b)
      RT.pool[i] = RT.pool[--RT.npool];
    else
      i++;
  int span = RT.block[b].span;
  int* list = span > 1 ? &RT.span_free : &RT.free_list;
  RT.block[b].next_free = *list;
  *list = b;
  RT.blocks_freed += span;
  RT.cur_bytes -= (unsigned long long)span * RT.cfg.block_size;
  timeline_point();
}

/* Fair use: the first pooled region of at least `need` bytes, taken out of the pool. */
static int pool_take(struct lazy_seg* s, unsigned long need) {
  for (int i = 0; i < RT.npool; i++) {
    if ((unsigned long)(RT.pool[i].hi - RT.pool[i].lo) < need) continue;
    *s = RT.pool[i];
    RT.pool[i] = RT.pool[--RT.npool];
    RT.block[s->blk].refs++;
    RT.pool_hits++;
    return 1;
  }
  return 0;
}

/* A new segment of at least `need` bytes: from the pool under fair use, else a whole block.
 * 0, or -1 (ENOMEM) when the arena is used up. */
int __lazy_seg_new(struct lazy_seg* s, unsigned long need) {
  __lock(&RT.lock);
  if (RT.cfg.policy == LAZY_FAIR && pool_take(s, need)) {
    __unlock(&RT.lock);
    return 0;
  }
  unsigned long bs = RT.cfg.block_size;
  int span = (int)((need + LAZY_GUARD + bs - 1) / bs);
  int b = block_get(span);
  if (b >= 0) RT.block[b].refs = 1;
  __unlock(&RT.lock);
  if (b < 0) {
    errno = ENOMEM;
    return -1;
  }
  s->blk = b;
  s->lo = block_base(b) + LAZY_GUARD;
  /* span * block_size bytes, as counted: the guard pages opened inside a span lie within them,
   * and the last block's top is left unused for as many bytes. */
  s->hi = block_base(b) + (unsigned long)span * bs;
  return 0;
}

void __lazy_seg_addref(int blk) {
  __lock(&RT.lock);
  RT.block[blk].refs++;
  __unlock(&RT.lock);
}

/* The owner of s is done with it. Under fair use with to_pool the region goes to the pool,
 * where any thread may take it while its block lives; the block goes when nothing uses it. */
void __lazy_seg_release(struct lazy_seg* s, int to_pool) {
  __lock(&RT.lock);
  if (to_pool && RT.cfg.policy == LAZY_FAIR && RT.npool < LAZY_POOL &&
      (unsigned long)(s->hi - s->lo) >= LAZY_CHILD_MIN)
    RT.pool[RT.npool++] = *s;
  if (--RT.block[s->blk].refs == 0) block_put(s->blk);
  __unlock(&RT.lock);
  s->blk = -1;
}

/* Map the arena: as many blocks (each with its guard page below) as the address space gives, up
 * to LAZY_ARENA_MAX bytes. Pages appear when touched, so an unused block costs address space
 * only, and so does a guard page (os/mprotect.c gives an untouched PROT_NONE page no frame). */
int __lazy_arena_init(void) {
  unsigned long bs = RT.cfg.block_size;
  unsigned long st = bs + LAZY_GUARD_PAGE;
  unsigned long size = LAZY_ARENA_MAX / st * st;
  char* a = MAP_FAILED;
  while (size >= 4 * st) {
    a = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (a != MAP_FAILED) break;
    size = size / 2 / st * st;
  }
  if (a == MAP_FAILED) {
    errno = ENOMEM;
    return -1;
  }
  RT.arena = a;
  RT.arena_size = size;
  RT.nblocks = (int)(size / st); /* block i ends at (i + 1) * st */
  RT.block = malloc(sizeof(struct lazy_block) * RT.nblocks);
  if (!RT.block) {
    munmap(a, size);
    errno = ENOMEM;
    return -1;
  }
  RT.bump = 0;
  RT.free_list = -1;
  RT.span_free = -1;
  if (RT.cfg.timeline) {
    RT.timeline = malloc(sizeof(unsigned long) * 4 * LAZY_TIMELINE_POINTS);
    RT.tl_stride = 1;
  }
  return 0;
}

void __lazy_arena_fini(void) {
  munmap(RT.arena, RT.arena_size);
  free(RT.block);
  RT.arena = 0;
  RT.block = 0;
}
