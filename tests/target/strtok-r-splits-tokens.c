/* strtok-r-splits-tokens - strtok_r skips runs of separators, handles leading and trailing ones,
 * returns NULL when done, and two tokenisations can be interleaved.
 * Expect: status 0 */
#include "check.h"

int main(void) {
  char line[] = "  alpha,beta;;gamma , delta,";
  char* state;
  const char* want[] = {"alpha", "beta", "gamma", "delta"};
  int n = 0;
  for (char* t = strtok_r(line, " ,;", &state); t; t = strtok_r(NULL, " ,;", &state)) {
    printf("token %d: \"%s\"\n", n, t);
    CHECK(n < 4 && strcmp(t, want[n]) == 0);
    n++;
  }
  CHECK_INT(n, 4);
  CHECK(strtok_r(NULL, " ,;", &state) == NULL);

  char empty[] = ";;;";
  CHECK(strtok_r(empty, ";", &state) == NULL);

  char a[] = "1 2 3", b[] = "x:y";
  char *sa, *sb;
  char* t1 = strtok_r(a, " ", &sa);
  char* u1 = strtok_r(b, ":", &sb);
  char* t2 = strtok_r(NULL, " ", &sa);
  char* u2 = strtok_r(NULL, ":", &sb);
  char* t3 = strtok_r(NULL, " ", &sa);
  CHECK_STR(t1, "1");
  CHECK_STR(u1, "x");
  CHECK_STR(t2, "2");
  CHECK_STR(u2, "y");
  CHECK_STR(t3, "3");
  CHECK(strtok_r(NULL, ":", &sb) == NULL);
  char one[] = "single";
  CHECK_STR(strtok_r(one, ",", &state), "single");
  return check_done();
}
