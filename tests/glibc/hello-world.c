/* The smallest glibc program: glibc's static start-up (TLS through set_thread_area, the tid
 * address, random bytes, the stdio buffer through statx and ioctl) and one printf.
 * Expect: status 0 */
#include <stdio.h>

int main(void) {
  printf("hello, world\n");
  return 0;
}
