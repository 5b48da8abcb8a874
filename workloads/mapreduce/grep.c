/* grep - count the lines that contain a fixed pattern, as a map/reduce job (E7, seed 003's
 * "grep", Hadoop's Grep example): the text chunks text-NN.dat on the disk; a map task per thread
 * takes the next chunk, reads it whole and counts its lines and matching lines; the reduce adds
 * them and combines the matches' checksums. Streams its input once: the working set is the
 * chunk buffers and the kernel's buffer cache.
 *
 *   mapreduce grep small|full [THREADS]      (default 8 threads; the size names which chunks exist)
 *
 * Prints lines, matching lines and a checksum of the matching lines' (chunk, line) numbers that
 * does not depend on the order the chunks were done in; reports "grep.cycles" and
 * "grep.matches". */
#include "mapreduce.h"

#define PATTERN "kasane"

static int chunks;
static struct {
  unsigned long lines, matches;
  uint32_t sum;
} per_chunk[MR_MAX_CHUNKS];

/* Does line [s, e) contain PATTERN? A scan for its first letter, then a compare. */
static int matches(const char* s, const char* e) {
  const size_t n = sizeof PATTERN - 1;
  for (; s + n <= e; s++)
    if (*s == PATTERN[0] && memcmp(s, PATTERN, n) == 0) return 1;
  return 0;
}

static void* map_task(void* arg) {
  (void)arg;
  char* buf = NULL;
  size_t cap = 0;
  for (int c; (c = mr_take(chunks)) >= 0;) {
    size_t len = mr_read_chunk("text", c, &buf, &cap);
    unsigned long lines = 0, hits = 0;
    uint32_t sum = 0;
    for (char *s = buf, *end = buf + len; s < end; lines++) {
      char* e = memchr(s, '\n', (size_t)(end - s));
      if (!e) e = end;
      if (matches(s, e)) {
        hits++;
        sum += (uint32_t)(c + 1) * 2654435761u ^ (uint32_t)lines * 40503u;
      }
      s = e + 1;
    }
    per_chunk[c].lines = lines, per_chunk[c].matches = hits, per_chunk[c].sum = sum;
  }
  free(buf);
  return NULL;
}

int grep_main(int argc, char** argv) {
  mr_full(argc, argv);
  int threads = mr_threads(argc, argv, 2);
  chunks = mr_count_chunks("text");
  mr_begin(ROI_GREP);
  mr_run(threads, map_task);
  unsigned long lines = 0, hits = 0;
  uint32_t sum = 0;
  for (int c = 0; c < chunks; c++)
    lines += per_chunk[c].lines, hits += per_chunk[c].matches, sum += per_chunk[c].sum;
  mr_end(ROI_GREP, "grep");
  printf("grep: %lu of %lu lines in %d chunks contain \"%s\", checksum %08x\n", hits, lines,
         chunks, PATTERN, (unsigned)sum);
  kasane_report("grep.matches", hits);
  return 0;
}
