/* argv-echo - argc and argv[1..] arrive as given (argv[0] is only checked to be non-empty: each
 * runner spells the program path its own way), and argv[argc] is NULL.
 * Expect: status 0
 * Args: alpha beta-gamma 42 --flag=x */
#include "check.h"

int main(int argc, char** argv) {
  printf("argc = %d\n", argc);
  CHECK(argv[0] && argv[0][0]);
  for (int i = 1; i < argc; i++) printf("argv[%d] = \"%s\"\n", i, argv[i]);
  CHECK(argv[argc] == NULL);
  if (argc == 5) {
    CHECK_STR(argv[1], "alpha");
    CHECK_STR(argv[4], "--flag=x");
  }
  return check_done();
}
