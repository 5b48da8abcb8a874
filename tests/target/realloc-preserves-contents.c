/* realloc-preserves-contents - growing step by step to 256 KiB and shrinking back keeps the
 * contents; growth into a free neighbour happens in place; realloc(NULL, n) is malloc and
 * realloc(p, 0) frees.
 * Expect: status 0 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

int main(void) {
  size_t n = 16;
  uint8_t* p = malloc(n);
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(i * 13);
  int bad = 0;
  while (n < 256 * 1024) {
    size_t m = n * 2 + 3;
    uint8_t* q = realloc(p, m);
    if (!q) { bad++; break; }
    for (size_t i = 0; i < n; i++) bad += q[i] != (uint8_t)(i * 13);
    for (size_t i = n; i < m; i++) q[i] = (uint8_t)(i * 13);
    p = q;
    n = m;
  }
  CHECK_INT(bad, 0);
  CHECK(n > 256 * 1024);
  while (n > 10) {
    n /= 3;
    p = realloc(p, n);
    for (size_t i = 0; i < n; i++) bad += p[i] != (uint8_t)(i * 13);
  }
  CHECK_INT(bad, 0);
  free(p);

  char* a = malloc(64);
  char* b = malloc(64);
  char* guard = malloc(8);
  strcpy(a, "grow me in place");
  free(b);
  char* a2 = realloc(a, 120); /* a's free neighbour b is big enough */
  CHECK(a2 == a);
  CHECK_STR(a2, "grow me in place");
  char* a3 = realloc(a2, 20); /* shrinking never moves */
  CHECK(a3 == a2);
  free(a3);
  free(guard);

  char* r = realloc(NULL, 10);
  CHECK(r != NULL);
  strcpy(r, "123456789");
  CHECK(realloc(r, 0) == NULL);
  return check_done();
}
