/* rt-sigreturn-without-a-frame-kills-with-a-kernel-line - a signal handler that calls
 * rt_sigreturn with $sp pointing at no memory (as a handler that wrecked its stack would) is
 * killed with SIGSEGV, as Linux does, and the kernel says so on one console line, as it does for
 * any fault.
 * Expect: signal SIGSEGV
 * Stderr: rt_sigreturn finds no signal frame at sp 0x00000010 */
#include <signal.h>
#include <unistd.h>

#include "check.h"

static void handler(int sig) {
  (void)sig;
  __asm__ volatile("li $sp, 0x10\n"
                   "li $v0, 4193\n" /* rt_sigreturn */
                   "syscall\n");
}

int main(void) {
  struct sigaction sa = {0};
  sa.sa_handler = handler;
  CHECK_INT(sigaction(SIGUSR1, &sa, 0), 0);
  kill(getpid(), SIGUSR1);
  printf("rt_sigreturn returned to the program\n");
  return 3;
}
