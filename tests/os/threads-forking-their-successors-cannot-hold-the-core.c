/* threads-forking-their-successors-cannot-hold-the-core - a child starts a chain of contexts each
 * of which TFORKs its successor and then TEXITs at once, so that at any moment some context of
 * it runs, but never the same one for long. Interrupting the contexts live at one moment does not
 * stop such a chain; the kernel must still take the core from it at every time slice (another
 * child, which only counts, is ready meanwhile and must get its turns) and must stop it when its
 * main thread calls exit. The parent sees the chain child exit with 5 and the counter with 7.
 * Expect: status 0 */
#include <kasane/kasane_isa.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check.h"
#include "thread.h"

#define CHAINS 2      /* on a core of 4 contexts: main, two chains and one free for them */
#define YIELDS 300    /* process switches each child asks for */

/* Needs no stack: $t0 = its own address, TFORK $v0, $t0, $zero until a context is free (so a
 * chain never dies out), then TEXIT. */
void chain_entry(void);
__asm__(
    "  .text\n"
    "  .globl chain_entry\n"
    "  .set push\n"
    "  .set noreorder\n"
    "chain_entry:\n"
    "  lui $t0, %hi(chain_entry)\n"
    "  addiu $t0, $t0, %lo(chain_entry)\n"
    "1:\n"
    "  .word 0x4a001201\n" /* tfork $v0, $t0, $zero */
    "  beq $v0, $zero, 1b\n"
    "  nop\n"
    "  .word 0x4a000002\n" /* texit */
    "  .set pop\n");

static void yields(void) {
  for (int i = 0; i < YIELDS; i++) sched_yield();
}

static int chain(void) {
  for (int i = 0; i < CHAINS; i++)
    if (kasane_tfork((unsigned long)chain_entry, 0) <= 0) return 1;
  yields();
  exit(5); /* the chain is still going: the kernel must stop it */
}

static int yielder(void) {
  yields();
  return 7;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "chain") == 0) return chain();
  if (argc > 1 && strcmp(argv[1], "yielder") == 0) return yielder();
  pid_t c = spawn_self(argv[0], "chain", 0), n = spawn_self(argv[0], "yielder", 0);
  CHECK(c > 0 && n > 0);
  for (int i = 0; i < 2; i++) {
    int status = -1;
    pid_t pid = waitpid(-1, &status, 0);
    CHECK(pid == c || pid == n);
    CHECK(WIFEXITED(status));
    CHECK_INT(WEXITSTATUS(status), pid == c ? 5 : 7);
  }
  return check_done();
}
