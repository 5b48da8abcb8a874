/* kill-reaches-a-process-on-another-core - on two cores, a child spinning in user code on the
 * other core (no system call, no timer there: no other process is ready) ends at once when its
 * parent kills it: the kill reaches that core by an IPI. The parent keeps its own core busy
 * meanwhile, so the child cannot be on it; a first child reports the core a spawned child gets.
 * Expect: status 0 */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "smp.h"

#define GONE_CYCLES 200000 /* a fifth of a time slice: the kill did not wait for one */

int main(int argc, char** argv) {
  if (argc > 1 && argv[1][0] == 'w') return this_unit();
  if (argc > 1)
    for (;;) {
    }

  int status = -1;
  pid_t where = spawn_self(argv[0], "where", 0);
  compute(20000);
  CHECK(waitpid(where, &status, 0) == where);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) != this_unit());

  pid_t spin = spawn_self(argv[0], "spin", 0);
  CHECK(spin > 0);
  compute(20000); /* the child is spinning on the other core by now */
  CHECK_INT(waitpid(spin, &status, WNOHANG), 0);
  uint32_t t0 = cycles();
  CHECK_INT(kill(spin, SIGKILL), 0);
  CHECK(waitpid(spin, &status, 0) == spin);
  uint32_t gone = cycles() - t0;
  CHECK(WIFSIGNALED(status));
  CHECK_INT(WTERMSIG(status), SIGKILL);
  printf("the child on the other core was gone %s %d cycles after the kill\n",
         gone < GONE_CYCLES ? "within" : "only after", gone < GONE_CYCLES ? GONE_CYCLES : (int)gone);
  CHECK(gone < GONE_CYCLES);
  return check_done();
}
