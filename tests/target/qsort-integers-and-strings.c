/* qsort-integers-and-strings - qsort orders random, sorted, reversed and all-equal int arrays,
 * strings by strcmp, and 3-byte records (the byte-wise swap path), keeping every element.
 * Expect: status 0 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

static int cmp_int(const void* a, const void* b) {
  int x = *(const int*)a, y = *(const int*)b;
  return (x > y) - (x < y);
}

static int cmp_str(const void* a, const void* b) {
  return strcmp(*(const char* const*)a, *(const char* const*)b);
}

struct rgb { uint8_t r, g, b; };
static int cmp_rgb(const void* a, const void* b) {
  const struct rgb *x = a, *y = b;
  return (x->r + x->g + x->b) - (y->r + y->g + y->b);
}

static int v[2000];

static int sorted_ok(int n, long long want_sum) {
  long long s = 0;
  for (int i = 0; i < n; i++) {
    s += v[i];
    if (i && v[i - 1] > v[i]) return 0;
  }
  return s == want_sum;
}

int main(void) {
  long long sum = 0;
  srand(7);
  for (int i = 0; i < 2000; i++) sum += v[i] = rand() % 100000 - 50000;
  qsort(v, 2000, sizeof v[0], cmp_int);
  CHECK(sorted_ok(2000, sum));
  printf("min %d, median %d, max %d\n", v[0], v[1000], v[1999]);
  qsort(v, 2000, sizeof v[0], cmp_int); /* already sorted */
  CHECK(sorted_ok(2000, sum));
  for (int i = 0; i < 1000; i++) {
    int t = v[i];
    v[i] = v[1999 - i];
    v[1999 - i] = t;
  }
  qsort(v, 2000, sizeof v[0], cmp_int); /* reversed */
  CHECK(sorted_ok(2000, sum));
  for (int i = 0; i < 500; i++) v[i] = 3;
  qsort(v, 500, sizeof v[0], cmp_int); /* all equal */
  CHECK(sorted_ok(500, 1500));
  qsort(v, 0, sizeof v[0], cmp_int);
  qsort(v, 1, sizeof v[0], cmp_int);

  const char* words[] = {"pear", "apple", "fig", "banana", "kiwi", "apple", "cherry", "date",
                         "elderberry", "grape", "zucchini", "lime", "mango"};
  size_t nw = sizeof words / sizeof words[0];
  qsort(words, nw, sizeof words[0], cmp_str);
  for (size_t i = 0; i < nw; i++) printf("%s%c", words[i], i + 1 < nw ? ' ' : '\n');
  CHECK_STR(words[0], "apple");
  CHECK_STR(words[2], "banana");
  CHECK_STR(words[nw - 1], "zucchini");

  struct rgb px[50];
  int total = 0;
  for (int i = 0; i < 50; i++) {
    px[i] = (struct rgb){(uint8_t)rand(), (uint8_t)rand(), (uint8_t)rand()};
    total += px[i].r + px[i].g + px[i].b;
  }
  qsort(px, 50, sizeof px[0], cmp_rgb);
  int ok = 1, total2 = 0;
  for (int i = 0; i < 50; i++) {
    total2 += px[i].r + px[i].g + px[i].b;
    if (i) ok &= cmp_rgb(&px[i - 1], &px[i]) <= 0;
  }
  CHECK(ok);
  CHECK_INT(total2, total);
  return check_done();
}
