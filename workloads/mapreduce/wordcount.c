/* wordcount - word frequencies as a map/reduce job (E7, Hadoop's WordCount): the text chunks
 * text-NN.dat on the disk; a map task per thread takes the next chunk and counts its words
 * (maximal runs of letters) in a hash table of its own; the reduce is partitioned as Hadoop's
 * is, reduce task r merging every map table's words whose hash is r modulo the tasks into a
 * table of its own; then the ten most frequent words are picked from those.
 *
 *   mapreduce wordcount small|full [THREADS]   (default 8 threads; the size names which chunks
 *                                              exist)
 *
 * Prints the words, the distinct words, a checksum of every (word, count) pair that does not
 * depend on the order of anything, and the top ten (count, then word); reports "wordcount.cycles"
 * and "wordcount.words". */
#include "mapreduce.h"

#define SLOTS 16384 /* per table, a power of two: more than twice the vocabulary */
#define WORD 16     /* a word's bytes kept, with its NUL: the vocabulary's are at most 10 */

struct entry {
  char word[WORD];
  uint32_t hash, count;
};

static int chunks, threads;
static struct entry* maps[MR_MAX_THREADS];    /* the map tasks' tables */
static struct entry* reduces[MR_MAX_THREADS]; /* the reduce tasks' tables */

/* Add count to word (n bytes, hash h) in table t. */
static void add(struct entry* t, const char* w, size_t n, uint32_t h, uint32_t count) {
  for (uint32_t i = h & (SLOTS - 1);; i = (i + 1) & (SLOTS - 1)) {
    if (t[i].count == 0) {
      memcpy(t[i].word, w, n);
      t[i].word[n] = 0;
      t[i].hash = h, t[i].count = count;
      return;
    }
    if (t[i].hash == h && strcmp(t[i].word, w) == 0 && t[i].word[n] == 0) {
      t[i].count += count;
      return;
    }
  }
}

static struct entry* table(void) {
  struct entry* t = calloc(SLOTS, sizeof *t);
  if (!t) mr_die("out of memory", "table");
  return t;
}

static int letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static void* map_task(void* arg) {
  int me = (int)(intptr_t)arg;
  struct entry* t = maps[me] = table();
  char* buf = NULL;
  size_t cap = 0;
  for (int c; (c = mr_take(chunks)) >= 0;) {
    size_t len = mr_read_chunk("text", c, &buf, &cap);
    for (char *s = buf, *end = buf + len; s < end;) {
      while (s < end && !letter(*s)) s++;
      char* w = s;
      while (s < end && letter(*s)) s++;
      size_t n = (size_t)(s - w);
      if (n == 0) break;
      if (n > WORD - 1) n = WORD - 1;
      char save = w[n];
      w[n] = 0; /* so strcmp sees the word alone */
      add(t, w, n, mr_fnv(MR_FNV_INIT, w, n), 1);
      w[n] = save;
    }
  }
  free(buf);
  return NULL;
}

static void* reduce_task(void* arg) {
  int me = (int)(intptr_t)arg;
  struct entry* t = reduces[me] = table();
  for (int m = 0; m < threads; m++)
    for (int i = 0; i < SLOTS; i++) {
      struct entry* e = &maps[m][i];
      if (e->count && e->hash % (uint32_t)threads == (uint32_t)me)
        add(t, e->word, strlen(e->word), e->hash, e->count);
    }
  return NULL;
}

/* Is a ahead of b in the top ten: more frequent, or as frequent and first in byte order. */
static int ahead(const struct entry* a, const struct entry* b) {
  return a->count != b->count ? a->count > b->count : strcmp(a->word, b->word) < 0;
}

int wordcount_main(int argc, char** argv) {
  mr_full(argc, argv);
  threads = mr_threads(argc, argv, 2);
  chunks = mr_count_chunks("text");
  mr_begin(ROI_WORDCOUNT);
  mr_run(threads, map_task);
  mr_run(threads, reduce_task);
  struct entry top[10];
  int ntop = 0;
  unsigned long words = 0, distinct = 0;
  uint32_t sum = 0;
  for (int r = 0; r < threads; r++)
    for (int i = 0; i < SLOTS; i++) {
      struct entry* e = &reduces[r][i];
      if (!e->count) continue;
      words += e->count, distinct++;
      sum += e->hash * e->count;
      int at = ntop < 10 ? ntop++ : 10;
      while (at > 0 && ahead(e, &top[at - 1])) {
        if (at < 10) top[at] = top[at - 1];
        at--;
      }
      if (at < 10) top[at] = *e;
    }
  mr_end(ROI_WORDCOUNT, "wordcount");
  printf("wordcount: %lu words, %lu distinct, in %d chunks, checksum %08x\n", words, distinct,
         chunks, (unsigned)sum);
  for (int i = 0; i < ntop; i++) printf("%8u %s\n", (unsigned)top[i].count, top[i].word);
  kasane_report("wordcount.words", words);
  return 0;
}
