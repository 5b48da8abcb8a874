/* abort() after output: glibc blocks signals, raises SIGABRT with tgkill on its own thread id
 * (set_tid_address's answer) and the process dies of it; stdout is not flushed.
 * Expect: signal SIGABRT */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  printf("lost: abort does not flush\n");
  write(1, "before abort\n", 13);
  abort();
}
