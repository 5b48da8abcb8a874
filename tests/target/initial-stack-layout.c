/* initial-stack-layout - what crt0 finds on the initial stack: argv[argc] is NULL, envp starts
 * right after it (and is what environ and main's third argument see), and an auxiliary vector
 * ending in AT_NULL follows envp's NULL. Also, main runs on an 8-byte aligned stack.
 * Nothing environment-specific is printed: it differs between runners.
 * Expect: status 0 */
#include <stdint.h>
#include <unistd.h>

#include "check.h"

int main(int argc, char** argv, char** envp) {
  CHECK(argc >= 1);
  CHECK(argv[argc] == NULL);
  CHECK(envp == argv + argc + 1);
  CHECK(environ == envp);
  char** e = envp;
  while (*e) e++;
  uint32_t* auxv = (uint32_t*)(e + 1);
  int pairs = 0;
  while (pairs < 256 && auxv[2 * pairs] != 0) pairs++; /* AT_NULL = 0 ends the vector */
  printf("auxv ends with AT_NULL: %s\n", pairs < 256 ? "yes" : "no");
  CHECK(pairs < 256);
  CHECK(((uintptr_t)__builtin_frame_address(0) & 7) == 0);
  volatile long long aligned_local = 1; /* ld/sd-like access to an 8-byte stack slot */
  CHECK(((uintptr_t)&aligned_local & 7) == 0);
  return check_done();
}
