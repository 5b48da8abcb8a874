/* strtol/strtoul in several bases with overflow, and the string functions: strtok_r, strstr,
 * strchr, strrchr, memcmp, strspn, sprintf round trips.
 * Expect: status 0 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  const char* nums[] = {"0", "-17", "0x7fffffff", "0x80000000", "  +077", "zz", "12abc",
                        "99999999999999999999"};
  for (unsigned i = 0; i < sizeof nums / sizeof nums[0]; i++) {
    char* end;
    errno = 0;
    long v = strtol(nums[i], &end, 0);
    int e = errno;
    unsigned long u = strtoul(nums[i], NULL, 16);
    printf("%-22s -> %ld (errno %s, rest \"%s\") hex %lu\n", nums[i], v,
           e == ERANGE ? "ERANGE" : e ? "other" : "0", end, u);
  }
  char text[] = "the quick,brown fox;jumps over,,the lazy dog";
  char* save;
  int n = 0;
  for (char* t = strtok_r(text, " ,;", &save); t; t = strtok_r(NULL, " ,;", &save))
    printf("token %d: %s (%zu)\n", ++n, t, strlen(t));
  const char* s = "mississippi";
  printf("%s %s %s %zu %zu\n", strstr(s, "ssip"), strchr(s, 's'), strrchr(s, 's'),
         strspn(s, "mis"), strcspn(s, "p"));
  printf("%d %d\n", memcmp("abc", "abd", 3) < 0, strcmp("b", "a") > 0);
  char buf[64];
  sprintf(buf, "%ld|%s|%lu", LONG_MIN, "x", ULONG_MAX);
  printf("%s %ld\n", buf, strtol(buf, NULL, 10));
  return 0;
}
