/* sigreturn-restores-registers - a signal handler may clobber every register, and returning from
 * it (through the kernel's trampoline and rt_sigreturn) restores the interrupted thread exactly
 * as the signal frame holds it. A child (this program spawned again) sends SIGUSR1 ROUNDS times
 * while the parent runs regloop (regloop.h: all of $1-$25, $gp, $fp, $ra, hi and lo checked on
 * every iteration); the handler overwrites every register it may and counts the signals that
 * interrupted the loop (the frame's pc inside regloop). Passes if regloop never finds a register
 * wrong, every signal was handled, most of them interrupted the loop, and SIGUSR1 is unblocked
 * again after each handler. And the frame is what sigreturn restores from: a handler that
 * changes the saved $v0 of a kill() to itself changes what kill() returns.
 * Expect: status 0 */
#include <kasane/sigframe.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "regloop.h"
#include "thread.h"

#define ROUNDS 8
#define CHUNK 1000u          /* iterations per regloop call */
#define LIMIT 60000000u      /* cycles before the parent gives up waiting for the signals */

/* The signal frame: <kasane/sigframe.h>, the layout the kernel writes. */

static volatile int handled, in_loop;

/* Handlers are entered through this stub, which loads $gp: a signal may interrupt regloop, where
 * $gp holds a test value, and the C handler reaches its globals through $gp. */
void on_usr1_entry(int, siginfo_t*, void*);
void on_usr2_entry(int, siginfo_t*, void*);
__attribute__((used)) void on_usr1(int sig, siginfo_t* info, void* uc);
__attribute__((used)) void on_usr2(int sig, siginfo_t* info, void* uc);
__asm__(
    "  .text\n"
    "  .globl on_usr1_entry\n"
    "on_usr1_entry:\n"
    "  la $gp, _gp\n"
    "  j on_usr1\n"
    "  .globl on_usr2_entry\n"
    "on_usr2_entry:\n"
    "  la $gp, _gp\n"
    "  j on_usr2\n");

void on_usr1(int sig, siginfo_t* info, void* uc) {
  (void)sig, (void)info;
  const struct kasane_ucontext* u = uc;
  uint32_t pc = (uint32_t)u->uc_mcontext.sc_pc;
  handled++;
  in_loop += pc >= (uint32_t)regloop && pc < (uint32_t)regloop_end;
  /* Overwrite every register the handler may: sigreturn must bring them all back. */
  __asm__ volatile(
      ".set push\n.set noat\n"
      ".irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, "
      "24, 25, 30\n"
      "li $\\r, 0xbad00000 + \\r\n"
      ".endr\n"
      "mthi $1\n"
      "mtlo $2\n"
      ".set pop\n" ::
          : "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9", "$10", "$11", "$12", "$13",
            "$14", "$15", "$16", "$17", "$18", "$19", "$20", "$21", "$22", "$23", "$24", "$25",
            "$30", "hi", "lo", "memory");
}

/* Make the interrupted kill() return 1234: change the $v0 that sigreturn will restore. */
void on_usr2(int sig, siginfo_t* info, void* uc) {
  (void)sig, (void)info;
  struct kasane_ucontext* u = uc;
  u->uc_mcontext.sc_regs[2] = 1234;
  u->uc_mcontext.sc_regs[7] = 0; /* $a3: no error */
}

static int install(int sig, void (*entry)(int, siginfo_t*, void*)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = entry;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  return sigaction(sig, &sa, 0);
}

static int sender(void) {
  for (int k = 0; k < ROUNDS; k++) {
    if (kill(getppid(), SIGUSR1) != 0) return 1;
    sched_yield(); /* the parent runs a time slice, and meets the signal on the way back */
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "sender") == 0) return sender();

  CHECK_INT(install(SIGUSR2, on_usr2_entry), 0);
  CHECK_INT(kill(getpid(), SIGUSR2), 1234);

  CHECK_INT(install(SIGUSR1, on_usr1_entry), 0);
  pid_t pid = spawn_self(argv[0], "sender", 0);
  CHECK(pid > 0);
  uint32_t first = 0x01000000u, bad = 0, reached = 0, start = cycles();
  while (handled < ROUNDS && cycles() - start < LIMIT) {
    bad = regloop(first, first + CHUNK, &reached);
    if (bad) break;
    first += CHUNK;
  }
  if (bad) printf("register %u wrong in iteration %u  FAIL\n", bad, reached - 0x01000000u);
  printf("%u iterations, %d signals, %d of them in the loop\n", first - 0x01000000u, handled,
         in_loop);
  CHECK_INT(bad, 0);
  CHECK_INT(handled, ROUNDS);
  CHECK(in_loop >= ROUNDS / 2);
  sigset_t now;
  CHECK_INT(sigprocmask(SIG_BLOCK, 0, &now), 0);
  CHECK_INT(sigismember(&now, SIGUSR1), 0);
  int status = -1;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 0);
  return check_done();
}
