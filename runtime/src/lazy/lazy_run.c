/* lazy_run - start the workers, run the root thread, stop the workers.
 *
 * Worker 0 is the calling context, its scheduler loop on the caller's stack; the others are
 * TFORKed onto free contexts (as many as cfg->workers asks and the core has free), each with a
 * small stack of its own for its loop. The root thread waits in worker 0's deque as a thread
 * that has not started. When it returns, every loop ends; the forked contexts TEXIT and we
 * wait for that (MONITOR/MWAIT on their `exited`) before their stacks and the arena go. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lazy_impl.h"

#define RT __lazy_rt

_Static_assert(offsetof(struct lazy_worker, sp) == LAZY_OFF_SP, "__lazy_entry.S");
_Static_assert(offsetof(struct lazy_worker, exited) == LAZY_OFF_EXITED, "__lazy_entry.S");

struct lazy_rt __lazy_rt;

/* A worker, line-aligned (malloc gives 8): the unaligned start is kept just before it. */
static struct lazy_worker* worker_new(int index) {
  char* raw = malloc(sizeof(struct lazy_worker) + LAZY_LINE + sizeof(void*));
  if (!raw) return 0;
  unsigned long a = ((unsigned long)raw + sizeof(void*) + LAZY_LINE - 1) & ~(LAZY_LINE - 1ul);
  struct lazy_worker* w = (struct lazy_worker*)a;
  ((void**)w)[-1] = raw;
  memset(w, 0, sizeof *w);
  w->index = index;
  return w;
}

static void worker_free(struct lazy_worker* w) {
  RT.steals += w->steals;
  RT.spawns += w->spawns;
  RT.quick_resumes += w->quick_resumes;
  RT.links += w->links;
  free(w->stack);
  free(((void**)w)[-1]);
}

int lazy_run(void (*main)(void*), void* arg, const struct lazy_config* cfg) {
  if (cfg->policy < LAZY_PER_THREAD || cfg->policy > LAZY_FAIR || cfg->block_size < 8192 ||
      cfg->block_size % 4096 || cfg->workers < 1 || cfg->workers > LAZY_MAX_WORKERS) {
    errno = EINVAL;
    return -1;
  }
  free(RT.timeline);
  memset(&RT, 0, sizeof RT);
  RT.cfg = *cfg;
  if (__lazy_arena_init() < 0) return -1;

  struct lazy_worker* w0 = worker_new(0);
  struct lazy_thread* root = malloc(sizeof *root);
  if (!w0 || !root || __lazy_seg_new(&root->seg, LAZY_CHILD_MIN) < 0) {
    free(w0 ? ((void**)w0)[-1] : 0);
    free(root);
    __lazy_arena_fini();
    errno = ENOMEM;
    return -1;
  }
  root->fn = main;
  root->arg = arg;
  root->parent = 0;
  root->last_child = 0;
  root->carved = 0;
  root->started = 0;
  root->state = LAZY_RUNNING;
  RT.worker[0] = w0;
  RT.nworkers = 1;
  w0->ltn = kasane_tid();
  RT.by_ltn[w0->ltn] = w0;
  __lazy_push(w0, root);

  for (int i = 1; i < cfg->workers; i++) {
    struct lazy_worker* w = worker_new(i);
    if (w) w->stack = malloc(LAZY_SCHED_STACK);
    if (!w || !w->stack) {
      if (w) worker_free(w);
      break;
    }
    w->sp = ((unsigned long)w->stack + LAZY_SCHED_STACK - 16) & ~7ul;
    RT.worker[i] = w;
    /* The new context reads its worker (sp) at once, others its deque: release before TFORK. */
    a_barrier();
    w->ltn = kasane_tfork((unsigned long)__lazy_entry, (unsigned long)w);
    if (w->ltn == 0) { /* no free context: run with the workers we have */
      RT.worker[i] = 0;
      worker_free(w);
      break;
    }
    RT.nworkers = i + 1;
  }

  __lazy_worker_main(w0);

  for (int i = 1; i < RT.nworkers; i++) {
    struct lazy_worker* w = RT.worker[i];
    __ctx_sleep_until_set(&w->exited);
  }
  a_barrier(); /* acquire: nothing below before `exited` was seen */
  RT.workers_ran = RT.nworkers;
  for (int i = 0; i < RT.nworkers; i++) worker_free(RT.worker[i]);
  __lazy_arena_fini();
  return 0;
}
