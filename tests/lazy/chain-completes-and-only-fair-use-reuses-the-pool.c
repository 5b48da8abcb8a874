/* chain-completes-and-only-fair-use-reuses-the-pool - the create-and-sync chain of seed 004
 * (Listing 4.2) at depth 200 with a 4 KB work area per level, on 64 KB blocks, on every context,
 * under each stack policy: it completes and gives back every block; fair use takes freed child
 * regions from its pool and needs less than a quarter of the bytes lazy threads need at their
 * peak, since lazy threads never use the pool (a freed child region whose parent has moved on
 * is lost until its block goes, so every level keeps a block).
 * Expect: status 0 */
#include <kasane/syscalls.h>
#include <lazy.h>
#include <string.h>

#include "check.h"

#define DEPTH 200
#define WORK 4096
#define BLOCK 65536

struct link {
  int count;
  lazy_handle prev;
  volatile int* prev_wait;
};

static volatile unsigned long sink;
static int levels;

static void child(void* p) { lazy_wait_while((volatile int*)p); }

static void parent(void* p) {
  struct link* a = p;
  char work[WORK];
  memset(work, a->count & 0xff, sizeof work);
  sink += (unsigned char)work[WORK - 1];
  levels++;
  if (a->count == 0) {
    *a->prev_wait = 0;
    lazy_sync(a->prev);
    return;
  }
  volatile int wait = 1;
  lazy_handle c = lazy_spawn(child, (void*)&wait);
  *a->prev_wait = 0;
  lazy_sync(a->prev);
  struct link next = {a->count - 1, c, &wait};
  lazy_call(parent, &next, WORK + 1024);
}

static void start(void* p) {
  (void)p;
  volatile int wait = 1;
  lazy_handle c = lazy_spawn(child, (void*)&wait);
  struct link a = {DEPTH, c, &wait};
  lazy_call(parent, &a, WORK + 1024);
}

int main(void) {
  int contexts = 1 + __builtin_popcount(kasane_contexts()); /* the others and this one */
  static const char* names[] = {"per-thread", "lazy", "fair"};
  unsigned long long peak[3];
  for (int p = 0; p < 3; p++) {
    struct lazy_config cfg = {lazy_policy_by_name(names[p]), BLOCK, contexts, 0, 3};
    printf("%s on %d workers\n", names[p], contexts);
    levels = 0;
    CHECK_INT(lazy_run(start, 0, &cfg), 0);
    CHECK_INT(levels, DEPTH + 1);
    struct lazy_stats s;
    lazy_get_stats(&s);
    CHECK_INT(s.spawns, DEPTH + 1);
    CHECK(s.cur_bytes == 0);
    CHECK(s.blocks_freed == s.blocks_allocated);
    if (p == LAZY_FAIR)
      CHECK(s.pool_hits > DEPTH / 2);
    else
      CHECK_INT(s.pool_hits, 0);
    printf("peak %llu KB\n", s.peak_bytes >> 10);
    peak[p] = s.peak_bytes;
  }
  CHECK(peak[LAZY_FAIR] * 4 < peak[LAZY_LAZY]);
  return check_done();
}
