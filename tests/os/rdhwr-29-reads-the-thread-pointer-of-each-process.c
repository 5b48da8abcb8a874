/* rdhwr-29-reads-the-thread-pointer-of-each-process - set_thread_area(tp) makes `rdhwr $29`
 * (CP0 UserLocal, glibc's TLS pointer) read tp in user mode, and the kernel keeps it per thread
 * across process switches: the parent and a child (this program spawned again) set different
 * values and check them many times while the two are switched against each other by
 * sched_yield and by the parent's waits.
 * Expect: status 0 */
#include <stdint.h>
#include <string.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

#define NR_set_thread_area 4283
#define ROUNDS 200

static uint32_t rdhwr29(void) {
  uint32_t v;
  __asm__ volatile(".set push\n.set mips32r2\nrdhwr %0, $29\n.set pop\n" : "=r"(v));
  return v;
}

static long set_thread_area(uint32_t tp) {
  register uint32_t v0 __asm__("$2") = NR_set_thread_area;
  register uint32_t a0 __asm__("$4") = tp;
  register uint32_t a3 __asm__("$7");
  __asm__ volatile("syscall"
                   : "+r"(v0), "+r"(a0), "=r"(a3)
                   :
                   : "memory", "$1", "$3", "$5", "$6", "$8", "$9", "$10", "$11", "$12", "$13",
                     "$14", "$15", "$24", "$25", "hi", "lo");
  return a3 ? -(long)v0 : (long)v0;
}

/* Set tp and check it ROUNDS times, yielding between checks. The number of wrong reads. */
static int hold(uint32_t tp) {
  if (set_thread_area(tp) != 0) return ROUNDS + 1;
  int bad = 0;
  for (int i = 0; i < ROUNDS; i++) {
    bad += rdhwr29() != tp;
    sched_yield();
  }
  return bad;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return hold(0x7ec0ffeeu) ? 1 : 42;
  char* cargv[] = {argv[0], "child", 0};
  char* cenvp[] = {0};
  CHECK(set_thread_area(0x12345678u) == 0);
  CHECK_HEX(rdhwr29(), 0x12345678u);
  pid_t pid = kasane_spawn(argv[0], cargv, cenvp);
  CHECK(pid > 0);
  CHECK_INT(hold(0x5a5a1000u), 0);
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK_INT(WEXITSTATUS(status), 42);
  CHECK_HEX(rdhwr29(), 0x5a5a1000u);
  return check_done();
}
