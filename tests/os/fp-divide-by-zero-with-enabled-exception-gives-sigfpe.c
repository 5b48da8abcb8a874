/* fp-divide-by-zero-with-enabled-exception-gives-sigfpe - with the divide-by-zero enable bit of
 * FCSR set, 1/0 in the FPU raises a floating-point exception, which the kernel turns into
 * SIGFPE like Linux: a handler gets si_code FPE_FLTDIV and the address of the div.d, and finds
 * FCSR's Cause cleared; then (the program spawned again) the same division with no handler
 * ends the process with the kernel's console line and status 128 + SIGFPE.
 * Stderr: floating-point exception (FPE) at pc
 * Expect: status 0 */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "fpregs.h"
#include "thread.h"

#define FCSR_ENABLE_Z (1u << 10) /* Enables.Z */
#define FCSR_CAUSE (0x3fu << 12)
#define FPE_FLTDIV 3

extern char divide_at[];
static volatile int handled, code, cause_left;
static volatile uint32_t addr;

/* Divide 1.0 by 0.0 in double precision with divide-by-zero enabled. */
static void divide(void) {
  fp_set_fcsr(FCSR_ENABLE_Z);
  /* noreorder: so that the assembler puts no nop between the label and the division */
  __asm__ volatile(FP_ASM(".set noreorder\n"
                          "mtc1 $zero, $f2\n"
                          "mtc1 $zero, $f3\n"        /* $f2 = 0.0 */
                          "lui $8, 0x3ff0\n"
                          "mtc1 $zero, $f4\n"
                          "mtc1 $8, $f5\n"           /* $f4 = 1.0 */
                          ".globl divide_at\n"
                          "divide_at: div.d $f0, $f4, $f2\n")
                   ::: "$8");
}

static void on_fpe(int sig, siginfo_t* info, void* uc) {
  (void)sig, (void)uc;
  handled++;
  code = info->si_code;
  addr = (uint32_t)info->si_addr;
  cause_left = (fp_get_fcsr() & FCSR_CAUSE) != 0;
  _exit(handled == 1 && code == FPE_FLTDIV && addr == (uint32_t)divide_at && !cause_left ? 42
                                                                                          : 1);
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "handled") == 0) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fpe;
    sa.sa_flags = SA_SIGINFO;
    if (sigaction(SIGFPE, &sa, NULL) != 0) return 2;
    divide();
    return 3; /* the handler exits */
  }
  if (argc > 1 && strcmp(argv[1], "unhandled") == 0) {
    divide();
    return 3;
  }
  char* envp[] = {0};
  int status = 0;
  char* hargv[] = {argv[0], "handled", 0};
  pid_t pid = kasane_spawn(argv[0], hargv, envp);
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 42);
  char* uargv[] = {argv[0], "unhandled", 0};
  pid = kasane_spawn(argv[0], uargv, envp);
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
  CHECK(WIFSIGNALED(status));
  CHECK_INT(WTERMSIG(status), SIGFPE);
  return check_done();
}
