/* signal-with-no-room-for-its-frame-kills-with-a-kernel-line - a program with a SIGUSR1 handler
 * sends itself SIGUSR1 with $sp pointing at no memory, so the kernel has nowhere to build the
 * signal frame: the process is killed with SIGSEGV, as Linux does, and the kernel says why on
 * one console line, as it does for any fault.
 * Expect: signal SIGSEGV
 * Stderr: no room for the frame of signal 16 at sp 0x00000010 (SIGSEGV) */
#include <kasane/syscall_nr.h>
#include <signal.h>
#include <unistd.h>

#include "check.h"

static void handler(int sig) { (void)sig; }

int main(void) {
  struct sigaction sa = {0};
  sa.sa_handler = handler;
  CHECK_INT(sigaction(SIGUSR1, &sa, 0), 0);
  register long a0 __asm__("$4") = getpid();
  register long a1 __asm__("$5") = SIGUSR1;
  __asm__ volatile("move $t0, $sp\n"
                   "li $sp, 0x10\n"
                   "li $v0, %2\n"
                   "syscall\n"
                   "move $sp, $t0\n"
                   : "+r"(a0), "+r"(a1)
                   : "i"(SYS_kill)
                   : "$2", "$3", "$6", "$7", "$8", "memory");
  printf("the signal was delivered with no stack\n");
  return 3;
}
