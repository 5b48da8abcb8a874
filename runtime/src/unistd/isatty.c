/* isatty - whether fd is a terminal: the TCGETS ioctl succeeds only on one. On Kasane nothing
 * is (the kernel answers ENOTTY), as for a program whose output goes to a file. */
#include <unistd.h>

#include "syscall.h"

#define TCGETS 0x540d /* MIPS's number */

int isatty(int fd) {
  char termios[64]; /* larger than o32's struct termios (50 bytes) */
  return __syscall_ret(__syscall3(SYS_ioctl, (long)fd, TCGETS, (long)termios)) == 0;
}
