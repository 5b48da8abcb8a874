/* argv as the program was given it, and the environment through getenv, setenv and unsetenv
 * (only variables the program sets itself: the two systems' environments differ).
 * Args: alpha "beta" 3 --flag=x
 * Expect: status 0 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
  printf("argc %d\n", argc);
  for (int i = 1; i < argc; i++) printf("argv[%d] = %s\n", i, argv[i]);
  if (argv[argc] != NULL) return 1;
  if (getenv("KASANE_TEST_UNSET_VARIABLE") != NULL) return 2;
  setenv("KASANE_GLIBC", "one", 1);
  setenv("KASANE_GLIBC", "two", 0);
  printf("KASANE_GLIBC=%s\n", getenv("KASANE_GLIBC"));
  unsetenv("KASANE_GLIBC");
  printf("after unsetenv: %s\n", getenv("KASANE_GLIBC") ? "set" : "unset");
  return 0;
}
