/* sort - sort 100-byte records by their 10-byte keys, as a map/reduce job (E7, seed 003's
 * "sort", Hadoop's Sort/TeraSort): the record chunks records-NN.dat on the disk; a map task per
 * thread takes the next chunk, reads it and sorts an array of pointers to its records (qsort);
 * the reduce merges the sorted runs two by two, in rounds, a task per pair. Every record stays
 * in memory until the end: the working set is the whole input (E7's full size: 1 MiB of records
 * and their pointer arrays), the paper's case where sharing the cache helps most (1.39).
 *
 *   mapreduce sort small|full [THREADS]      (default 8 threads; the size names which chunks exist)
 *
 * Prints the records, whether the output is in key order, and a checksum of the keys in output
 * order; reports "sort.cycles" and "sort.records". Exit status 1 if the output is out of order. */
#include "mapreduce.h"

#define RECORD 100
#define KEY 10

struct run {
  char** rec;
  size_t n;
};

static int chunks;
static struct run runs[MR_MAX_CHUNKS], merged[MR_MAX_CHUNKS];
static int nruns;

static int by_key(const void* a, const void* b) {
  return memcmp(*(char* const*)a, *(char* const*)b, KEY);
}

static void* map_task(void* arg) {
  (void)arg;
  for (int c; (c = mr_take(chunks)) >= 0;) {
    char* buf = NULL; /* kept: the records live here until the end */
    size_t cap = 0, len = mr_read_chunk("records", c, &buf, &cap);
    size_t n = len / RECORD;
    char** rec = malloc(n * sizeof *rec);
    if (!rec) mr_die("out of memory", "records");
    for (size_t i = 0; i < n; i++) rec[i] = buf + i * RECORD;
    qsort(rec, n, sizeof *rec, by_key);
    runs[c].rec = rec, runs[c].n = n;
  }
  return NULL;
}

/* One merge task: pairs (2p, 2p+1) of this round's runs into merged[p]; an odd last run is
 * carried over as it is. */
static void* merge_task(void* arg) {
  (void)arg;
  for (int p; (p = mr_take((nruns + 1) / 2)) >= 0;) {
    struct run a = runs[2 * p];
    if (2 * p + 1 == nruns) {
      merged[p] = a;
      continue;
    }
    struct run b = runs[2 * p + 1];
    char** out = malloc((a.n + b.n) * sizeof *out);
    if (!out) mr_die("out of memory", "merge");
    size_t i = 0, j = 0, k = 0;
    while (i < a.n && j < b.n)
      out[k++] = memcmp(a.rec[i], b.rec[j], KEY) <= 0 ? a.rec[i++] : b.rec[j++];
    while (i < a.n) out[k++] = a.rec[i++];
    while (j < b.n) out[k++] = b.rec[j++];
    free(a.rec), free(b.rec);
    merged[p].rec = out, merged[p].n = k;
  }
  return NULL;
}

int sort_main(int argc, char** argv) {
  mr_full(argc, argv);
  int threads = mr_threads(argc, argv, 2);
  chunks = mr_count_chunks("records");
  mr_begin(ROI_SORT);
  mr_run(threads, map_task);
  for (nruns = chunks; nruns > 1; nruns = (nruns + 1) / 2) {
    mr_run(threads, merge_task);
    memcpy(runs, merged, sizeof runs[0] * (size_t)((nruns + 1) / 2));
  }
  mr_end(ROI_SORT, "sort");
  struct run all = runs[0];
  int ordered = 1;
  uint32_t sum = MR_FNV_INIT;
  for (size_t i = 0; i < all.n; i++) {
    if (i > 0 && memcmp(all.rec[i - 1], all.rec[i], KEY) >= 0) ordered = 0;
    sum = mr_fnv(sum, all.rec[i], KEY);
  }
  printf("sort: %lu records in %d chunks, %s, key checksum %08x\n", (unsigned long)all.n, chunks,
         ordered ? "in order" : "OUT OF ORDER", (unsigned)sum);
  kasane_report("sort.records", all.n);
  return ordered ? 0 : 1;
}
