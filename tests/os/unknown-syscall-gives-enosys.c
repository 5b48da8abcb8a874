/* unknown-syscall-gives-enosys - a system call number the kernel has no handler for fails with
 * ENOSYS (89) and changes nothing else: 4367 (rseq under Linux, a real o32 call that glibc tries
 * and Kasane does not implement), 7500 and 7999 (in Kasane's own range, far past its last row), through the
 * runtime's syscall(); and, made with a bare `syscall` instruction, the o32 convention itself:
 * $a3 = 1, $v0 = 89, and the argument registers $a0-$a2 as they were.
 * Expect: status 0 */
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

#include "check.h"

static long call(long n) {
  errno = 0;
  return syscall(n, 11L, 22L, 33L, 44L);
}

int main(void) {
  CHECK_INT(call(4367), -1);
  CHECK_INT(errno, ENOSYS);
  CHECK_INT(call(7500), -1);
  CHECK_INT(errno, ENOSYS);
  CHECK_INT(call(7999), -1);
  CHECK_INT(errno, ENOSYS);

  uint32_t out[5];
  {
    /* Register variables hold their register only as asm operands: copy them out at once. */
    register uint32_t v0 __asm__("$2") = 7500;
    register uint32_t a0 __asm__("$4") = 0x11111111;
    register uint32_t a1 __asm__("$5") = 0x22222222;
    register uint32_t a2 __asm__("$6") = 0x33333333;
    register uint32_t a3 __asm__("$7") = 0x44444444;
    __asm__ volatile("syscall"
                     : "+r"(v0), "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3)
                     :
                     : "memory", "$1", "$3", "$8", "$9", "$10", "$11", "$12", "$13", "$14", "$15",
                       "$24", "$25", "hi", "lo");
    out[0] = v0, out[1] = a0, out[2] = a1, out[3] = a2, out[4] = a3;
  }
  CHECK_INT(out[4], 1); /* $a3: the error flag */
  CHECK_INT(out[0], ENOSYS);
  CHECK_HEX(out[1], 0x11111111);
  CHECK_HEX(out[2], 0x22222222);
  CHECK_HEX(out[3], 0x33333333);

  /* The process is fine: a known call still works. */
  CHECK(getpid() > 0);
  return check_done();
}
