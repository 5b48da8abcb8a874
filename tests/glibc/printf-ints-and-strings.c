/* printf's integer and string conversions, widths, precisions and flags.
 * Expect: status 0 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
  int ints[] = {0, 1, -1, 42, -42, 65535, INT_MAX, INT_MIN};
  for (unsigned i = 0; i < sizeof ints / sizeof ints[0]; i++)
    printf("[%d] [%5d] [%-5d] [%+d] [%05d] [%x] [%#o] [%u]\n", ints[i], ints[i], ints[i], ints[i],
           ints[i], ints[i], ints[i], (unsigned)ints[i]);
  long long big = 0x123456789abcdefLL;
  printf("%lld %llx %jd %zu\n", big, big, (intmax_t)-big, sizeof(long long));
  const char* words[] = {"", "a", "kasane", "a longer string than the width"};
  for (unsigned i = 0; i < 4; i++) printf("[%s] [%10s] [%-10s] [%.3s]\n", words[i], words[i], words[i], words[i]);
  printf("%c%c%c %% %p\n", 'a', 'b', 'c', (void*)0);
  char buf[16];
  int n = snprintf(buf, sizeof buf, "%d-%s-%d", 12345, "abcdefgh", 678);
  printf("%d [%s]\n", n, buf);
  return 0;
}
