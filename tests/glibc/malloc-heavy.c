/* glibc's malloc under load: many small blocks from the heap (brk), large ones from mmap2, frees
 * in a scrambled order, reallocs that move, and a checksum of everything kept.
 * Expect: status 0 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  enum { N = 2000 };
  static unsigned char* p[N];
  static size_t len[N];
  unsigned seed = 7;
  for (int round = 0; round < 4; round++) {
    for (int i = 0; i < N; i++) {
      seed = seed * 1664525u + 1013904223u;
      size_t n = (i % 97 == 0) ? 200000 + (seed >> 20) : 1 + (seed >> 22);
      unsigned char* q = realloc(p[i], n);
      if (q == NULL) return 1;
      if (len[i] && q[0] != (unsigned char)(i + round - 1)) return 2;
      memset(q, (unsigned char)(i + round), n);
      p[i] = q;
      len[i] = n;
    }
    for (int i = round; i < N; i += 3) {
      free(p[i]);
      p[i] = NULL;
      len[i] = 0;
    }
  }
  unsigned long sum = 0, bytes = 0;
  for (int i = 0; i < N; i++) {
    for (size_t j = 0; j < len[i]; j += 61) sum = sum * 31 + p[i][j];
    bytes += len[i];
    free(p[i]);
  }
  printf("kept %lu bytes, checksum %lu\n", bytes, sum);
  return 0;
}
