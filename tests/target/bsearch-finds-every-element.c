/* bsearch-finds-every-element - bsearch finds each element of a sorted array, and returns NULL
 * for keys between, below and above them and for an empty array.
 * Expect: status 0 */
#include <stdlib.h>

#include "check.h"

static int cmp_int(const void* a, const void* b) {
  int x = *(const int*)a, y = *(const int*)b;
  return (x > y) - (x < y);
}

int main(void) {
  static int v[1000];
  for (int i = 0; i < 1000; i++) v[i] = i * 3 - 1500;
  int found = 0, wrong = 0, absent = 0;
  for (int i = 0; i < 1000; i++) {
    int* p = bsearch(&v[i], v, 1000, sizeof v[0], cmp_int);
    found += p != NULL;
    wrong += p && p != &v[i];
    int miss = v[i] + 1;
    absent += bsearch(&miss, v, 1000, sizeof v[0], cmp_int) == NULL;
  }
  CHECK_INT(found, 1000);
  CHECK_INT(wrong, 0);
  CHECK_INT(absent, 1000);
  int below = -2000, above = 2000, key = 3;
  CHECK(bsearch(&below, v, 1000, sizeof v[0], cmp_int) == NULL);
  CHECK(bsearch(&above, v, 1000, sizeof v[0], cmp_int) == NULL);
  CHECK(bsearch(&key, v, 0, sizeof v[0], cmp_int) == NULL);
  for (int n = 1; n <= 8; n++) { /* every small size, every position */
    for (int i = 0; i < n; i++) {
      int* p = bsearch(&v[i], v, (size_t)n, sizeof v[0], cmp_int);
      CHECK(p == &v[i]);
    }
  }
  return check_done();
}
