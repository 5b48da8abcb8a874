/* qsort of structures by two keys, and bsearch of every element afterwards.
 * Expect: status 0 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
  char name[12];
  int score;
};

static int bykey(const void* a, const void* b) {
  const struct rec *x = a, *y = b;
  if (x->score != y->score) return x->score < y->score ? 1 : -1;
  return strcmp(x->name, y->name);
}

int main(void) {
  enum { N = 500 };
  static struct rec r[N];
  unsigned seed = 12345;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    r[i].score = (seed >> 16) % 50;
    snprintf(r[i].name, sizeof r[i].name, "n%04u", (seed >> 8) % 10000);
  }
  qsort(r, N, sizeof r[0], bykey);
  for (int i = 1; i < N; i++)
    if (bykey(&r[i - 1], &r[i]) > 0) return 1;
  for (int i = 0; i < N; i++)
    if (bsearch(&r[i], r, N, sizeof r[0], bykey) == NULL) return 2;
  for (int i = 0; i < N; i += 50) printf("%s %d\n", r[i].name, r[i].score);
  return 0;
}
