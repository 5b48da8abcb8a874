/* kill-ends-a-process-with-a-thread-on-another-core - a child puts a thread that spins for ever in
 * user code on the other core (kasane_ctx_start), then sleeps; its parent, on this core, kills it
 * with SIGKILL, and the whole child ends: the thread on the other core is stopped (by an IPI;
 * with nothing else ready there, no timer would), and the child is reaped as killed. A child
 * that could not start its thread on the other core exits 3 instead.
 * Expect: status 0 */
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "smp.h"

#define STACK 4096
#define GONE_CYCLES 200000 /* a fifth of a time slice: the kill did not wait for one */

static volatile int spinning;
static struct thread th;
static char stack[STACK] __attribute__((aligned(8)));

static void spin(void* arg) {
  (void)arg;
  spinning = 1;
  for (;;) {
  }
}

static int child(void) {
  int ncores = kasane_ctx_map(0, 0), other = (this_core() + 1) % ncores;
  long cpu = thread_start_on(other, &th, spin, 0, stack, STACK);
  if (cpu < 0 || cpu / core_contexts() != other) return 3;
  while (!spinning) {
  }
  struct timespec ts = {100, 0};
  nanosleep(&ts, 0); /* leaves this core to the parent; the thread keeps the other */
  return 4;
}

int main(int argc, char** argv) {
  if (argc > 1) return child();
  int status = -1;
  pid_t pid = spawn_self(argv[0], "child", 0);
  CHECK(pid > 0);
  uint32_t t0 = cycles();
  while (cycles() - t0 < 3000000) compute(1000); /* three slices: the child is set up */
  CHECK_INT(waitpid(pid, &status, WNOHANG), 0);
  t0 = cycles();
  CHECK_INT(kill(pid, SIGKILL), 0);
  CHECK(waitpid(pid, &status, 0) == pid);
  uint32_t gone = cycles() - t0;
  CHECK(WIFSIGNALED(status));
  CHECK_INT(WTERMSIG(status), SIGKILL);
  printf("the child was gone %s %d cycles after the kill\n",
         gone < GONE_CYCLES ? "within" : "only after", gone < GONE_CYCLES ? GONE_CYCLES : (int)gone);
  CHECK(gone < GONE_CYCLES);
  return check_done();
}
