/* __start_c - the C half of process start-up: unpack the initial stack, run main, exit.
 *
 * crt0.S passes the stack pointer the kernel gave us; everything that can be written in C is done
 * here (as in musl's _start_c). auxv, which follows envp's NULL on the stack, is not read: nothing
 * in the runtime needs it yet. main gets envp as a third argument, a common extension that costs
 * nothing for a main declared with two or none. */
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char** argv, char** envp);
void __start_c(long* sp);

void __start_c(long* sp) {
  int argc = (int)sp[0];
  char** argv = (char**)(sp + 1);
  char** envp = argv + argc + 1; /* past argv's NULL terminator */
  environ = envp;
  exit(main(argc, argv, envp));
}
