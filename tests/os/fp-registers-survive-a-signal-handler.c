/* fp-registers-survive-a-signal-handler - the signal frame holds the FP registers and FCSR
 * (sc_fpregs, sc_fpc_csr, sc_used_math, Linux o32's struct sigcontext) and rt_sigreturn puts
 * them back: main fills every FP register and sets a rounding mode, a SIGUSR1 handler finds
 * them in its frame, overwrites all of them, and after the handler main finds its own again.
 * Expect: status 0 */
#include <kasane/sigframe.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fpregs.h"

#define MAIN_SEED 0x5eed0001u
#define HANDLER_SEED 0x0bad0002u
#define MAIN_FCSR 0x3u    /* round toward minus infinity */
#define HANDLER_FCSR 0x1u /* round toward zero */

static volatile int handled, frame_ok, handler_saw_its_own;

static void on_usr1(int sig, siginfo_t* info, void* uc) {
  (void)sig, (void)info;
  const struct kasane_sigcontext* sc = &((const struct kasane_ucontext*)uc)->uc_mcontext;
  int ok = sc->sc_used_math == 1 && sc->sc_fpc_csr == MAIN_FCSR;
  for (int n = 0; n < 32; n += 2) /* FR = 0: the pair n, n + 1 in slot n, as Linux */
    ok &= sc->sc_fpregs[n] == ((uint64_t)fp_pattern(MAIN_SEED, n + 1) << 32 |
                               fp_pattern(MAIN_SEED, n));
  frame_ok = ok;
  fp_set_all(HANDLER_SEED);
  fp_set_fcsr(HANDLER_FCSR);
  handler_saw_its_own = fp_check_all(HANDLER_SEED) == 0 && fp_get_fcsr() == HANDLER_FCSR;
  handled++;
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_usr1;
  sa.sa_flags = SA_SIGINFO;
  CHECK(sigaction(SIGUSR1, &sa, NULL) == 0);
  fp_set_all(MAIN_SEED);
  fp_set_fcsr(MAIN_FCSR);
  CHECK(kill(getpid(), SIGUSR1) == 0);
  CHECK(handled == 1);
  CHECK(frame_ok);
  CHECK(handler_saw_its_own);
  CHECK(fp_check_all(MAIN_SEED) == 0);
  CHECK(fp_get_fcsr() == MAIN_FCSR);
  return check_done();
}
