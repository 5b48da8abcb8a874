/* stdout is a pipe under qemu in the tests, so glibc buffers it fully: a direct write(1)
 * overtakes an earlier printf. On Kasane the console must not look like a terminal either
 * (ioctl TCGETS fails) for the bytes to come out in the same order.
 * Expect: status 0 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  printf("printed first, buffered\n");
  const char msg[] = "written second, straight to fd 1\n";
  write(1, msg, strlen(msg));
  printf("isatty(1) = %d, isatty(0) = %d\n", isatty(1), isatty(0));
  fflush(stdout);
  write(1, msg, strlen(msg));
  return 0;
}
