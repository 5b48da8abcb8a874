/* index - an in-memory index search, the multithreaded co-runner that stands for the paper's
 * DaCapo (lusearch-like) beside a map/reduce job in E7: a program with its own address space
 * whose threads share a large read-mostly structure. Build phase: a task per thread takes the
 * next chunk of documents (docs-NN.dat, a document a line) and adds each document's words to
 * an inverted index of its own (word -> ascending document numbers). Query phase: the threads
 * take queries in blocks of QBLOCK; a query is two words, answered by intersecting their
 * posting lists in every task's index: the number of documents holding both.
 *
 *   mapreduce index small|full [THREADS]     (default 8 threads; small: 2,000 queries, full: 8,000)
 *
 * The query words are taken from the first chunk's text by a fixed generator, so they are the
 * same whoever runs. Prints documents, distinct words, queries, total hits and a checksum of
 * every query's answer; reports "index.cycles" (build and queries) and "index.hits". */
#include "mapreduce.h"

#define SLOTS 16384 /* per index, a power of two: more than twice the vocabulary */
#define WORD 16
#define QBLOCK 64

struct term {
  char word[WORD];
  uint32_t hash, n, cap;
  uint32_t* docs;
};

static int chunks, threads, queries;
static struct term* idx[MR_MAX_THREADS];
static unsigned long docs_of[MR_MAX_THREADS];
static char** qword; /* 2 * queries words */
static uint32_t* answer;

static int letter(char c) { return c >= 'a' && c <= 'z'; }

/* The term for word w (n bytes, NUL after it, hash h) in index t; added if absent when add. */
static struct term* find(struct term* t, const char* w, size_t n, uint32_t h, int add) {
  for (uint32_t i = h & (SLOTS - 1);; i = (i + 1) & (SLOTS - 1)) {
    if (!t[i].docs) {
      if (!add) return NULL;
      memcpy(t[i].word, w, n);
      t[i].word[n] = 0;
      t[i].hash = h, t[i].cap = 4;
      t[i].docs = malloc(4 * sizeof(uint32_t));
      if (!t[i].docs) mr_die("out of memory", "postings");
      return &t[i];
    }
    if (t[i].hash == h && strcmp(t[i].word, w) == 0) return &t[i];
  }
}

static void* build_task(void* arg) {
  int me = (int)(intptr_t)arg;
  struct term* t = idx[me] = calloc(SLOTS, sizeof *t);
  if (!t) mr_die("out of memory", "index");
  char* buf = NULL;
  size_t cap = 0;
  for (int c; (c = mr_take(chunks)) >= 0;) {
    size_t len = mr_read_chunk("docs", c, &buf, &cap);
    uint32_t doc = (uint32_t)c << 16;
    for (char *s = buf, *end = buf + len; s < end; doc++, docs_of[me]++) {
      char* eol = memchr(s, '\n', (size_t)(end - s));
      if (!eol) eol = end;
      while (s < eol) {
        while (s < eol && !letter(*s)) s++;
        if (s == eol) break;
        char* w = s;
        while (s < eol && letter(*s)) s++;
        size_t n = (size_t)(s - w) < WORD ? (size_t)(s - w) : WORD - 1;
        char save = w[n];
        w[n] = 0; /* so strcmp sees the word alone */
        struct term* e = find(t, w, n, mr_fnv(MR_FNV_INIT, w, n), 1);
        w[n] = save;
        if (e->n && e->docs[e->n - 1] == doc) continue; /* twice in one document */
        if (e->n == e->cap) {
          e->cap *= 2;
          e->docs = realloc(e->docs, e->cap * sizeof(uint32_t));
          if (!e->docs) mr_die("out of memory", "postings");
        }
        e->docs[e->n++] = doc;
      }
      s = eol + 1;
    }
  }
  free(buf);
  return NULL;
}

/* Documents in both ascending lists. */
static uint32_t both(const struct term* a, const struct term* b) {
  uint32_t i = 0, j = 0, n = 0;
  while (i < a->n && j < b->n) {
    if (a->docs[i] < b->docs[j]) i++;
    else if (a->docs[i] > b->docs[j]) j++;
    else n++, i++, j++;
  }
  return n;
}

static void* query_task(void* arg) {
  (void)arg;
  for (int blk; (blk = mr_take((queries + QBLOCK - 1) / QBLOCK)) >= 0;)
    for (int q = blk * QBLOCK; q < queries && q < (blk + 1) * QBLOCK; q++) {
      const char *a = qword[2 * q], *b = qword[2 * q + 1];
      uint32_t ha = mr_fnv(MR_FNV_INIT, a, strlen(a)), hb = mr_fnv(MR_FNV_INIT, b, strlen(b));
      uint32_t n = 0;
      for (int p = 0; p < threads; p++) {
        struct term *x = find(idx[p], a, strlen(a), ha, 0), *y = find(idx[p], b, strlen(b), hb, 0);
        if (x && y) n += both(x, y);
      }
      answer[q] = n;
    }
  return NULL;
}

/* The query words: from the first chunk's words, picked by xorshift32 from a fixed seed. */
static void pick_queries(void) {
  char* buf = NULL;
  size_t cap = 0, len = mr_read_chunk("docs", 0, &buf, &cap);
  char** words = malloc((len / 2 + 1) * sizeof *words);
  size_t nw = 0;
  for (char *s = buf, *end = buf + len; s < end;) {
    while (s < end && !letter(*s)) *s++ = 0;
    if (s == end) break;
    words[nw] = s;
    while (s < end && letter(*s)) s++;
    if (s - words[nw] < WORD) nw++; /* longer ones would be cut in the index */
  }
  qword = malloc(2 * (size_t)queries * sizeof *qword);
  answer = malloc((size_t)queries * sizeof *answer);
  if (!words || !qword || !answer || nw == 0) mr_die("cannot make the queries", "docs-00.dat");
  uint32_t x = 12345;
  for (int i = 0; i < 2 * queries; i++) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    qword[i] = words[x % nw]; /* buf stays: the words point into it */
  }
  free(words);
}

int index_main(int argc, char** argv) {
  queries = mr_full(argc, argv) ? 8000 : 2000;
  threads = mr_threads(argc, argv, 2);
  chunks = mr_count_chunks("docs");
  pick_queries();
  mr_begin(ROI_INDEX);
  mr_run(threads, build_task);
  mr_run(threads, query_task);
  mr_end(ROI_INDEX, "index");
  unsigned long docs = 0, distinct = 0, hits = 0;
  uint32_t sum = 0;
  for (int p = 0; p < threads; p++) docs += docs_of[p];
  /* distinct words over all indexes: a word is counted in the first index that holds it */
  for (int p = 0; p < threads; p++)
    for (int i = 0; i < SLOTS; i++) {
      struct term* e = &idx[p][i];
      if (!e->docs) continue;
      int seen = 0;
      for (int o = 0; o < p && !seen; o++)
        seen = find(idx[o], e->word, strlen(e->word), e->hash, 0) != NULL;
      distinct += !seen;
    }
  for (int q = 0; q < queries; q++) hits += answer[q], sum = sum * 31 + answer[q];
  printf("index: %lu documents in %d chunks, %lu distinct words, %d queries, %lu hits, "
         "checksum %08x\n", docs, chunks, distinct, queries, hits, (unsigned)sum);
  kasane_report("index.hits", hits);
  return 0;
}
