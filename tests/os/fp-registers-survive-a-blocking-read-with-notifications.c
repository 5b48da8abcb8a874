/* fp-registers-survive-a-blocking-read-with-notifications - with kernel notifications
 * registered (upcall.h's minimal runtime), a thread that blocks in a cold read() and is
 * resumed later keeps its FP registers and FCSR: main fills all 32 FP registers and sets the
 * rounding mode toward plus infinity, the read raises BLOCKED, the kernel moves the call to a
 * detached kernel thread and the context runs the handler and a worker (integer code) until
 * UNBLOCKED, and the handler resumes main with kasane_notify_resume. The kernel must neither
 * lose the FPU's contents nor hand the context's FPU to anyone else on the way.
 * Expect: status 0
 * Files: notify */
#include <fcntl.h>
#include <kasane/syscall_nr.h>
#include <unistd.h>

#include "check.h"
#include "fpregs.h"
#include "upcall.h"

#define SIZE 262144 /* big.txt */
#define SEED 0xf10a7001u
#define FCSR_RP 2u /* round toward plus infinity */

static char buf[SIZE];

int main(void) {
  int fd = open("big.txt", O_RDONLY);
  CHECK(fd >= 3);
  CHECK_INT(upcall_register(0), 0);
  fp_set_all(SEED);
  fp_set_fcsr(FCSR_RP);

  int n = read(fd, buf, SIZE);

  int bad = fp_check_all(SEED);
  uint32_t fcsr = fp_get_fcsr();
  CHECK_INT(kasane_notify_register(0), 0);
  CHECK_INT(n, SIZE);
  CHECK_INT(upcall_seen[KASANE_EV_BLOCKED].count, 1);
  CHECK_INT(upcall_seen[KASANE_EV_UNBLOCKED].count, 1);
  CHECK(worker_count > 0);
  CHECK_INT(bad, 0);
  CHECK_HEX(fcsr, FCSR_RP);
  return check_done();
}
