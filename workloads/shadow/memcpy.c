/* memcpy - copying with a Shadow sibling (experiment E4, the papers' fig. 13).
 *
 *     memcpy [-r REPS] [-f FLUSH_BYTES] [-v VARIANT] SIZE...
 *
 * SIZE in bytes, with an optional K or M suffix (default: 1K 32K 256K 1M). For each size and
 * each variant it copies SIZE bytes between two fresh buffers and prints the cycles, the
 * bandwidth in bytes per 1000 cycles (= MB/s at core.clock_ghz = 1) and the change against
 * plain memcpy (when plain ran too). Variants (-v picks one; repeatable; default: all):
 *   plain       memcpy on the main thread alone
 *   prefetch    the sibling runs ahead loading one word per 32-byte line of the source and the
 *               destination (loads throttle themselves: one miss at a time per thread), while
 *               the main thread copies
 *   pref        the same with PREF hints: a hint waits for a free miss register as a load
 *               would, but nothing waits for its data, so the sibling keeps many misses going
 *   block-N     the two threads take alternate N-byte blocks (N = 256, 1024, 4096)
 *   split       each thread copies one half
 * The sibling waits two-phase with threshold 1000, as in the paper; the fork and the join are
 * inside the timed region, the shadow's creation is not.
 *
 * Fresh memory: each copy gets a new source and destination (mmap, unmapped afterwards). The
 * kernel zeroes a page when it is first touched, through the cache, and its page allocator
 * hands back recently freed pages, so new mappings are not uncached by themselves: after
 * filling the source and touching each destination page (so no page fault is timed) the
 * program reads a FLUSH_BYTES buffer (default 1 MiB, four times the default L2) to push both out
 * of the L1 and L2, then (except for plain) warms the shadow's own flags and stack with a null
 * fork-join (a program that forks often has them cached; the copy's buffers stay cold). REPS copies
 * (default 1) are made per point and the fastest is printed. The destination is compared with
 * the source after every copy. Each timed copy is also region of interest 8 * (size's position
 * among the arguments, from 0) + (the variant's line above, from 0), once per repetition, so
 * stats.json has the cycles and instructions of each context; the region includes the two
 * kasane_roi system calls' entry and exit, which the printed cycles do not.
 *
 * Each point's cycles (the best of REPS) also go to stats.json as kasane_report
 * "memcpy.VARIANT.SIZE" (SIZE in bytes, e.g. memcpy.block-4096.1048576), so that an experiment
 * can run one variant and size per simulation: `memcpy -v split 1M`; "memcpy.cycles" repeats
 * the last point's, so that such runs all report under the same name. */
#include <kasane/syscalls.h>
#include <shadow.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define LINE 32 /* the smallest cache line the machines here use (l1d.line) */

struct copy {
  char* dst;
  const char* src;
  unsigned long n;
  unsigned long block; /* block-N: N; split: n/2 */
};

/* --- Sibling jobs. */

static void prefetch_loads(void* p) {
  const struct copy* c = p;
  for (unsigned long off = 0; off < c->n; off += LINE) {
    (void)*(volatile const int*)(c->src + off);
    (void)*(volatile const int*)(c->dst + off);
  }
}

/* Pointers stepped by a line rather than base + offset: with hard float gcc would turn base +
 * offset into PREFX (the FPU's indexed form), and this variant is about the plain PREF hint. */
static void prefetch_hints(void* p) {
  const struct copy* c = p;
  const char* s = c->src;
  const char* end = c->src + c->n;
  char* d = c->dst;
  for (; s < end; s += LINE, d += LINE) {
    __builtin_prefetch(s, 0, 0);
    __builtin_prefetch(d, 1, 0);
  }
}

/* The blocks starting at `first` (0 or 1), every other one. */
static void copy_blocks(const struct copy* c, unsigned long first) {
  for (unsigned long off = first * c->block; off < c->n; off += 2 * c->block) {
    unsigned long len = c->n - off < c->block ? c->n - off : c->block;
    memcpy(c->dst + off, c->src + off, len);
  }
}

static void nothing(void* p) { (void)p; }

static void odd_blocks(void* p) { copy_blocks(p, 1); }

static void upper_half(void* p) {
  const struct copy* c = p;
  memcpy(c->dst + c->block, c->src + c->block, c->n - c->block);
}

/* --- Variants: each copies c->n bytes, forking onto s where it uses the sibling. */

enum kind { PLAIN, PREFETCH, PREF, BLOCK, SPLIT };

struct variant {
  const char* name;
  enum kind kind;
  unsigned long block;
};

static const struct variant variants[] = {
    {"plain", PLAIN, 0},       {"prefetch", PREFETCH, 0},   {"pref", PREF, 0},
    {"block-256", BLOCK, 256}, {"block-1024", BLOCK, 1024}, {"block-4096", BLOCK, 4096},
    {"split", SPLIT, 0},
};
#define NVARIANTS (int)(sizeof variants / sizeof variants[0])

static void run_variant(const struct variant* v, struct shadow* s, struct copy* c) {
  switch (v->kind) {
    case PLAIN: memcpy(c->dst, c->src, c->n); break;
    case PREFETCH:
    case PREF:
      shadow_fork(s, v->kind == PREFETCH ? prefetch_loads : prefetch_hints, c);
      memcpy(c->dst, c->src, c->n);
      shadow_join(s);
      break;
    case BLOCK:
      c->block = v->block;
      shadow_fork(s, odd_blocks, c);
      copy_blocks(c, 0);
      shadow_join(s);
      break;
    case SPLIT:
      c->block = (c->n / 2) & ~(unsigned long)(LINE - 1); /* the halves meet on a line boundary */
      shadow_fork(s, upper_half, c);
      memcpy(c->dst, c->src, c->block);
      shadow_join(s);
      break;
  }
}

/* --- Fresh buffers and one timed copy. */

static char* flush_buf;
static unsigned long flush_bytes = 1 << 20;
static volatile unsigned long sink;

static void flush_caches(void) {
  unsigned long sum = 0;
  for (unsigned long off = 0; off < flush_bytes; off += LINE)
    sum += *(volatile int*)(flush_buf + off);
  sink = sum;
}

static void* fresh(unsigned long n) {
  void* p = mmap(0, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    printf("mmap of %lu bytes failed\n", n);
    exit(1);
  }
  return p;
}

/* Whether a[0..n) == b[0..n): by words (the buffers are page-aligned), since the libc's
 * byte-wise memcmp would take longer than the copies it checks. */
static int same(const char* a, const char* b, unsigned long n) {
  unsigned long i = 0;
  for (; i + 4 <= n; i += 4)
    if (*(const unsigned long*)(a + i) != *(const unsigned long*)(b + i)) return 0;
  for (; i < n; i++)
    if (a[i] != b[i]) return 0;
  return 1;
}

/* Cycles of one copy of n bytes with variant v on fresh memory, as region of interest roi. */
static unsigned long timed_copy(const struct variant* v, struct shadow* s, unsigned long n,
                                int roi) {
  char* src = fresh(n);
  char* dst = fresh(n);
  unsigned long x = n | 1; /* xorshift32: no multiply, so filling 8 MB stays cheap */
  for (unsigned long off = 0; off + 4 <= n; off += 4) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *(unsigned long*)(src + off) = x;
  }
  for (unsigned long off = n & ~3ul; off < n; off++) src[off] = (char)off;
  for (unsigned long off = 0; off < n; off += 4096) dst[off] = 1; /* fault it in now */
  flush_caches();
  /* The flush evicted the shadow's flags and the sibling's stack too; a program that forks
   * often finds them cached, so bring them back with a null fork-join. Not for plain: after it
   * the sibling spins up to the threshold waiting for work, taking issue slots, while for a
   * plain copy it should be asleep (as it is by now: the flush took far longer). */
  if (v->kind != PLAIN) {
    shadow_fork(s, nothing, 0);
    shadow_join(s);
  }

  struct copy c = {dst, src, n, 0};
  kasane_roi(1, roi);
  unsigned long t0 = shadow_cycles();
  run_variant(v, s, &c);
  unsigned long t = shadow_cycles() - t0;
  kasane_roi(0, roi);

  if (!same(dst, src, n)) {
    printf("%s: copy of %lu bytes is wrong\n", v->name, n);
    exit(1);
  }
  munmap(src, n);
  munmap(dst, n);
  return t;
}

static unsigned long parse_size(const char* a) {
  char* end;
  unsigned long n = strtoul(a, &end, 0);
  if (*end == 'K' || *end == 'k') n <<= 10;
  if (*end == 'M' || *end == 'm') n <<= 20;
  return n;
}

int main(int argc, char** argv) {
  unsigned long sizes[32];
  int nsizes = 0, reps = 1;
  int chosen[NVARIANTS] = {0}, any_chosen = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-r") == 0 && i + 1 < argc) {
      reps = atoi(argv[++i]);
    } else if (strcmp(argv[i], "-f") == 0 && i + 1 < argc) {
      flush_bytes = parse_size(argv[++i]);
    } else if (strcmp(argv[i], "-v") == 0 && i + 1 < argc) {
      ++i;
      for (int k = 0; k < NVARIANTS; k++)
        if (strcmp(argv[i], variants[k].name) == 0) chosen[k] = any_chosen = 1;
    } else if (nsizes < 32) {
      sizes[nsizes++] = parse_size(argv[i]);
    }
  }
  if (!nsizes) {
    static const unsigned long def[] = {1 << 10, 32 << 10, 256 << 10, 1 << 20};
    for (; nsizes < 4; nsizes++) sizes[nsizes] = def[nsizes];
  }
  if (reps < 1) reps = 1;
  flush_buf = fresh(flush_bytes ? flush_bytes : 4096);
  for (unsigned long off = 0; off < flush_bytes; off += 4096) flush_buf[off] = 1;

  struct shadow s;
  if (shadow_create(&s, SHADOW_TWO_PHASE, 1000) != 1)
    printf("no sibling: the two-thread variants run on the main thread alone\n");

  printf("memcpy on fresh memory, two-phase threshold 1000, best of %d\n", reps);
  printf("%10s %-11s %12s %10s %8s\n", "bytes", "variant", "cycles", "B/kcycle", "vs plain");
  for (int i = 0; i < nsizes; i++) {
    unsigned long n = sizes[i];
    if (n == 0) continue;
    unsigned long long plain_bw = 0;
    for (int k = 0; k < NVARIANTS; k++) {
      if (any_chosen && !chosen[k]) continue;
      unsigned long best = ~0ul;
      for (int r = 0; r < reps; r++) {
        unsigned long t = timed_copy(&variants[k], &s, n, 8 * i + k);
        if (t < best) best = t;
      }
      char name[32];
      snprintf(name, sizeof name, "memcpy.%s.%lu", variants[k].name, n);
      kasane_report(name, best);
      kasane_report("memcpy.cycles", best);
      unsigned long long bw = (unsigned long long)n * 1000 / (best ? best : 1);
      if (k == 0) plain_bw = bw;
      printf("%10lu %-11s %12lu %10llu", n, variants[k].name, best, bw);
      if (plain_bw)
        printf(" %+7lld%%\n", ((long long)bw - (long long)plain_bw) * 100 / (long long)plain_bw);
      else
        printf(" %8s\n", "-");
    }
  }
  shadow_destroy(&s);
  return 0;
}
