/* lazy_get_stats, lazy_report, lazy_print_timeline, lazy_policy_by_name - what a run counted,
 * for programs and for the experiment driver (kasane_report names lazy.*). */
#include <kasane/syscalls.h>
#include <stdio.h>
#include <string.h>

#include "lazy_impl.h"

#define RT __lazy_rt

void lazy_get_stats(struct lazy_stats* s) {
  s->cur_bytes = RT.cur_bytes;
  s->peak_bytes = RT.peak_bytes;
  s->blocks_allocated = RT.blocks_allocated;
  s->blocks_freed = RT.blocks_freed;
  s->pool_hits = RT.pool_hits;
  s->steals = RT.steals;
  s->spawns = RT.spawns;
  s->quick_resumes = RT.quick_resumes;
  s->links = RT.links;
  s->workers = RT.workers_ran;
  /* During a run the workers' own counts are not added up yet: add them. */
  if (!RT.workers_ran)
    for (int i = 0; i < RT.nworkers; i++) {
      s->steals += RT.worker[i]->steals;
      s->spawns += RT.worker[i]->spawns;
      s->quick_resumes += RT.worker[i]->quick_resumes;
      s->links += RT.worker[i]->links;
    }
}

void lazy_report(void) {
  struct lazy_stats s;
  lazy_get_stats(&s);
  kasane_report("lazy.cur_bytes", s.cur_bytes);
  kasane_report("lazy.peak_bytes", s.peak_bytes);
  kasane_report("lazy.blocks_allocated", s.blocks_allocated);
  kasane_report("lazy.blocks_freed", s.blocks_freed);
  kasane_report("lazy.pool_hits", s.pool_hits);
  kasane_report("lazy.steals", s.steals);
  kasane_report("lazy.spawns", s.spawns);
  kasane_report("lazy.quick_resumes", s.quick_resumes);
  kasane_report("lazy.links", s.links);
  kasane_report("lazy.workers", s.workers);
}

void lazy_print_timeline(void) {
  for (int i = 0; i < RT.tl_n; i++)
    printf("timeline,%lu,%lu\n", RT.timeline[2 * i], RT.timeline[2 * i + 1]);
}

int lazy_policy_by_name(const char* name) {
  if (!strcmp(name, "per-thread")) return LAZY_PER_THREAD;
  if (!strcmp(name, "lazy")) return LAZY_LAZY;
  if (!strcmp(name, "fair")) return LAZY_FAIR;
  return -1;
}
